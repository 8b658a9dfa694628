/** One speaker turn of a call: who (null when the transcript names no one), when (seconds, when timed) and what was said. */
export type Turn = { speaker: string | null; startSeconds: number | null; endSeconds: number | null; text: string };

/** The report's coarse format (the report schema allows only these three). */
export type TranscriptFormat = 'vtt' | 'srt' | 'text';
/** The layout recognised, i.e. which tool most likely produced the transcript. */
export type TranscriptLayout =
  'webvtt' | 'zoom-vtt' | 'teams-vtt' | 'srt' | 'zoom-txt' | 'teams-docx' | 'google-meet' | 'timestamped-lines' | 'name-lines' | 'plain';

export type Transcript = {
  format: TranscriptFormat;
  layout: TranscriptLayout;
  turns: Turn[];
  /** False when the transcript names no speakers (prose, captions without names): talk ratios cannot be computed. */
  speakersIdentified: boolean;
  /** The call's length when the export states it (Meet's 'Meeting ended after 00:31:05', Teams' '31m 5s'). */
  statedDurationSeconds: number | null;
};

const TIME = String.raw`(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?`;
// Cue timings may have one-digit fields: old Teams exports write '0:0:5.430'.
const CUE_TIME = String.raw`(?:\d{1,2}:)?\d{1,2}:\d{1,2}(?:[.,]\d{1,3})?`;
const CUE_TIMING = new RegExp(String.raw`^\s*(${CUE_TIME})\s*-->\s*(${CUE_TIME})`);

// A speaker label: one to four words, the first capitalised ('Speaker 2', 'Dr. Ana de Souza', 'Jean-Luc O'Neil'),
// optionally followed by '(Company)' and by the '~' Google Meet puts after some names.
const CAP_WORD = String.raw`[\p{Lu}\d][\p{L}\p{M}\d'’.-]*`;
const NAME_WORD = String.raw`(?:${CAP_WORD}|(?:de|da|di|du|del|della|der|den|van|von|la|le|bin|al|ter))`;
const NAME = String.raw`${CAP_WORD}(?:[ \t]+${NAME_WORD}){0,3}(?:[ \t]*\([^()\n]{1,40}\))?(?:[ \t]*~)?`;
const OPEN = String.raw`[[(]?`;
const CLOSE = String.raw`[\])]?`;

const LINE = {
  timeOnly: new RegExp(String.raw`^${OPEN}(${TIME})${CLOSE}$`),
  /** Zoom's saved transcript: '[Name] 14:02:24', the words on the next lines. */
  bracketHeader: new RegExp(String.raw`^\[(${NAME})\][ \t]*[-–]?[ \t]*(${TIME})$`, 'u'),
  /** Teams' .docx (and Otter) copied as text: 'Name   0:05', the words on the next lines. */
  nameTimeHeader: new RegExp(String.raw`^(${NAME})[ \t]+${OPEN}(${TIME})${CLOSE}$`, 'u'),
  /** '[00:01:02] Name: words', '00:01:02 Name: words', '(1:02) - Name: words'. */
  timeNameText: new RegExp(String.raw`^${OPEN}(${TIME})${CLOSE}[ \t]*[-–|]?[ \t]*(${NAME})[ \t]*:[ \t]*(.*)$`, 'u'),
  /** 'Name (01:02): words', 'Name [01:02] words'. */
  nameTimeText: new RegExp(String.raw`^(${NAME})[ \t]*[[(](${TIME})[\])][ \t]*:?[ \t]*(.*)$`, 'u'),
  nameText: new RegExp(String.raw`^(${NAME})[ \t]*:[ \t]*(.*)$`, 'u'),
  /** '[00:01:02] words' without a speaker. */
  timeText: new RegExp(String.raw`^${OPEN}(${TIME})${CLOSE}[ \t]*[-–|]?[ \t]*(.+)$`),
};

/** Export furniture: titles, disclaimers, transcription notices; `meet` marks Google Meet's own. */
const NOISE: { pattern: RegExp; meet: boolean }[] = [
  { pattern: /^(?:transcript|attendees|participants)$/i, meet: false },
  { pattern: /\s[-–]\s*transcript$/i, meet: true },
  { pattern: /^this editable transcript was computer generated/i, meet: true },
  { pattern: /^(?:meeting|transcription) ended after\b/i, meet: true },
  { pattern: /^recording (?:ended|stopped) after\b/i, meet: false },
  { pattern: /^.{1,80}\s(?:started|stopped) (?:transcription|recording)\.?$/i, meet: false },
  { pattern: /^(?:\d+h\s*)?\d+m\s*\d+s$/, meet: false },
];
const STATED_DURATION = [
  new RegExp(String.raw`^(?:meeting|transcription|recording) (?:ended|stopped) after (${TIME})`, 'i'),
  /^(?:(\d+)h\s*)?(\d+)m\s*(\d+)s$/,
];

/** Words that head a line of notes ('Next steps: …') or open a sentence with a colon, never speakers unless they recur. */
const HEADINGS = new Set([
  ...`note notes agenda summary subject date time re ps attendees participants actions update updates question questions
  answer answers outcome outcomes decision decisions price pricing budget timeline goal goals context background recap title
  location duration call meeting example bottom honestly basically first second third also plus reason result total step
  option problem issue challenge todo pros cons`.split(/\s+/),
  'action items',
  'next steps',
  'next step',
  'to do',
  'follow up',
  'pain points',
]);
/** Role labels that may appear inside one pasted line ('Seller: Hi. Buyer: Hello.'). */
const ROLE_LABELS = ['Seller', 'Buyer', 'Rep', 'Sales Rep', 'Client', 'Prospect', 'Customer', 'Agent', 'AE', 'SDR', 'Caller'];

function toSeconds(value: string): number | null {
  const match = /^(?:(\d{1,2}):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]) + Number(`0.${match[4] ?? '0'}`);
}

function statedDuration(line: string): number | null {
  const ended = STATED_DURATION[0]!.exec(line);
  if (ended) return toSeconds(ended[1] ?? '');
  const hms = STATED_DURATION[1]!.exec(line);
  return hms ? Number(hms[1] ?? 0) * 3600 + Number(hms[2]) * 60 + Number(hms[3]) : null;
}

function cleanName(raw: string): string {
  return raw
    .replace(/\([^()]*\)/g, '')
    .replace(/~/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function cleanText(text: string): string {
  return text
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A name used once must look like one: 'Bob', 'Ana de Souza', 'Speaker 3' (not 'Q3', 'NB'). */
const PERSON =
  /^(?:(?:Speaker|Participant|Person|Caller) \d+|\p{Lu}[\p{Ll}'’.-]+(?: (?:\p{Lu}[\p{Ll}'’.-]*|de|da|di|du|del|der|den|van|von|la|le))*)$/u;

/**
 * Which 'Name:' labels are speakers: a label used twice or more is. A label used once is a speaker when it looks like
 * a name and is not a heading word ('Note:', 'Next steps:'), and either other labels recur, or it is the only label
 * (a one-speaker note), or at least one other such one-off name is there (a short exchange).
 */
function speakerLabels(labels: readonly string[]): Set<string> {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  const recurring = [...counts].filter(([, count]) => count >= 2).map(([label]) => label);
  const accepted = new Set(recurring);
  const names = [...counts.keys()].filter((label) => !accepted.has(label) && !HEADINGS.has(label.toLowerCase()) && PERSON.test(label));
  if (recurring.length > 0 || counts.size === 1 || names.length >= 2) for (const name of names) accepted.add(name);
  return accepted;
}

/** Merges consecutive turns of one named speaker (a caption cue is often a fragment of a sentence). */
function mergeTurns(turns: readonly Turn[]): Turn[] {
  const merged: Turn[] = [];
  for (const turn of turns) {
    const last = merged.at(-1);
    if (last && turn.speaker !== null && last.speaker === turn.speaker) {
      last.text = `${last.text} ${turn.text}`;
      last.endSeconds = turn.endSeconds ?? last.endSeconds;
      last.startSeconds ??= turn.startSeconds;
    } else merged.push({ ...turn });
  }
  return merged;
}

/** Splits 'Seller: Hi, how are you? Buyer: Fine.' pasted on one line at labels already known as speakers. */
function splitInline(turn: Turn, names: ReadonlySet<string>): Turn[] {
  const known = [...names, ...ROLE_LABELS].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(String.raw`(?<=[.!?…])\s+(${known.join('|')})\s*:\s+`, 'g');
  const parts: Turn[] = [];
  let speaker = turn.speaker;
  let from = 0;
  for (const match of turn.text.matchAll(pattern)) {
    parts.push({ ...turn, speaker, text: turn.text.slice(from, match.index).trim() });
    speaker = match[1] ?? speaker;
    from = (match.index ?? 0) + match[0].length;
  }
  if (parts.length === 0) return [turn];
  parts.push({ ...turn, speaker, text: turn.text.slice(from).trim() });
  // The time is known for the first part only.
  return parts.map((part, i) => (i === 0 ? part : { ...part, startSeconds: null, endSeconds: null }));
}

type Cue = { id: string | null; start: number | null; end: number | null; lines: string[] };

function readCues(text: string): Cue[] {
  const cues: Cue[] = [];
  for (const block of text.split(/\n[ \t]*\n/)) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    const first = lines[0]?.trim() ?? '';
    if (/^(?:WEBVTT|NOTE|STYLE|REGION)\b/.test(first)) continue;
    const timingIndex = lines.findIndex((line) => CUE_TIMING.test(line));
    if (timingIndex < 0) continue;
    const timing = CUE_TIMING.exec(lines[timingIndex] ?? '');
    cues.push({
      id: timingIndex > 0 ? (lines[timingIndex - 1] ?? '').trim() : null,
      start: toSeconds(timing?.[1] ?? ''),
      end: toSeconds(timing?.[2] ?? ''),
      lines: lines.slice(timingIndex + 1),
    });
  }
  return cues;
}

/** WebVTT or SubRip: `<v Name>` voice tags, 'Name: ' cue text, or (old Teams) the name alone on the cue's first line. */
function parseCues(text: string, isVtt: boolean): { turns: Turn[]; layout: TranscriptLayout } {
  const cues = readCues(text);
  const colonLabel = new RegExp(String.raw`^(${NAME})[ \t]*:[ \t]*(.*)$`, 'u');
  const bareName = new RegExp(String.raw`^(${NAME})$`, 'u');
  const labels: string[] = [];
  const bare: string[] = [];
  for (const cue of cues) {
    const first = cleanText(cue.lines[0] ?? '');
    const colon = /<v[\s.]/.test(cue.lines.join(' ')) ? null : colonLabel.exec(first);
    if (colon) labels.push(cleanName(colon[1] ?? ''));
    else if (cue.lines.length >= 2 && bareName.test(first)) bare.push(cleanName(first));
  }
  const speakers = speakerLabels(labels);
  const bareSpeakers = new Set(bare.filter((name) => bare.indexOf(name) !== bare.lastIndexOf(name)));

  let voiceTags = false;
  let colonNames = false;
  let bareNames = false;
  let previous: string | null = null;
  const turns: Turn[] = [];
  for (const cue of cues) {
    const raw = cue.lines.join('\n');
    const segments: { speaker: string | null; text: string }[] = [];
    if (/<v[\s.]/.test(raw)) {
      voiceTags = true;
      const body = raw.replace(/<\/v>/g, '');
      const before = cleanText(body.split(/<v[\s.]/)[0] ?? '');
      if (before) segments.push({ speaker: previous, text: before });
      for (const match of body.matchAll(/<v(?:\.[^\s>]+)*\s+([^>]+)>([^<]*(?:<(?!v[\s.])[^<]*)*)/g)) {
        segments.push({ speaker: cleanName(match[1] ?? ''), text: cleanText(match[2] ?? '') });
      }
    } else {
      const first = cleanText(cue.lines[0] ?? '');
      const colon = colonLabel.exec(first);
      const colonName = colon ? cleanName(colon[1] ?? '') : null;
      if (colon && colonName && speakers.has(colonName)) {
        colonNames = true;
        segments.push({ speaker: colonName, text: cleanText([colon[2] ?? '', ...cue.lines.slice(1)].join(' ')) });
      } else if (cue.lines.length >= 2 && bareSpeakers.has(cleanName(first))) {
        bareNames = true;
        segments.push({ speaker: cleanName(first), text: cleanText(cue.lines.slice(1).join(' ')) });
      } else {
        segments.push({ speaker: previous, text: cleanText(raw) });
      }
    }
    const spoken = segments.filter((segment) => segment.text !== '');
    // Several voices in one cue share its time in proportion to their words.
    const total = spoken.reduce((sum, s) => sum + s.text.split(/\s+/).length, 0);
    let offset = 0;
    for (const segment of spoken) {
      const share = segment.text.split(/\s+/).length / Math.max(1, total);
      const span = cue.start !== null && cue.end !== null ? cue.end - cue.start : null;
      const start = cue.start === null || span === null ? cue.start : cue.start + span * offset;
      const end = cue.start === null || span === null ? cue.end : cue.start + span * (offset + share);
      turns.push({ speaker: segment.speaker, text: segment.text, startSeconds: start, endSeconds: end });
      offset += share;
      previous = segment.speaker;
    }
  }
  const guids = cues.some((cue) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.test(cue.id ?? ''));
  const numbered = cues.length > 0 && cues.every((cue) => /^\d+$/.test(cue.id ?? ''));
  const layout: TranscriptLayout = !isVtt
    ? 'srt'
    : bareNames
      ? 'teams-vtt'
      : voiceTags
        ? guids
          ? 'teams-vtt'
          : 'webvtt'
        : colonNames && numbered
          ? 'zoom-vtt'
          : 'webvtt';
  return { turns, layout };
}

type Line =
  | { kind: 'blank' }
  | { kind: 'noise'; duration: number | null; meet: boolean }
  | { kind: 'time'; seconds: number | null }
  | { kind: 'header'; style: 'bracket' | 'name-time'; name: string; seconds: number | null; raw: string }
  | { kind: 'label'; name: string; seconds: number | null; text: string; raw: string }
  | { kind: 'text'; seconds: number | null; text: string };

function classify(rawLine: string): Line {
  const line = rawLine.trim();
  if (!line) return { kind: 'blank' };
  const noise = NOISE.find(({ pattern }) => pattern.test(line));
  if (noise) return { kind: 'noise', duration: statedDuration(line), meet: noise.meet };
  let m = LINE.timeOnly.exec(line);
  if (m) return { kind: 'time', seconds: toSeconds(m[1] ?? '') };
  m = LINE.bracketHeader.exec(line);
  if (m) return { kind: 'header', style: 'bracket', name: cleanName(m[1] ?? ''), seconds: toSeconds(m[2] ?? ''), raw: line };
  m = LINE.nameTimeHeader.exec(line);
  if (m) return { kind: 'header', style: 'name-time', name: cleanName(m[1] ?? ''), seconds: toSeconds(m[2] ?? ''), raw: line };
  m = LINE.timeNameText.exec(line);
  if (m) return { kind: 'label', name: cleanName(m[2] ?? ''), seconds: toSeconds(m[1] ?? ''), text: m[3] ?? '', raw: line };
  m = LINE.nameTimeText.exec(line);
  if (m) return { kind: 'label', name: cleanName(m[1] ?? ''), seconds: toSeconds(m[2] ?? ''), text: m[3] ?? '', raw: line };
  m = LINE.nameText.exec(line);
  if (m) return { kind: 'label', name: cleanName(m[1] ?? ''), seconds: null, text: m[2] ?? '', raw: line };
  m = LINE.timeText.exec(line);
  if (m) return { kind: 'text', seconds: toSeconds(m[1] ?? ''), text: m[2] ?? '' };
  return { kind: 'text', seconds: null, text: line };
}

/** Line-based text: 'Name:' lines (with or without times), Zoom/Teams/Meet text exports, or prose. */
function parseLines(text: string): { turns: Turn[]; layout: TranscriptLayout; stated: number | null } {
  const lines = text.split('\n').map(classify);
  const named = lines.filter((line) => line.kind === 'label' || line.kind === 'header');
  const speakers = speakerLabels(named.map((line) => line.name));
  // A one-word name before a time ('Maybe 10:30', 'Tuesday 9:00') is a speaker only if it recurs.
  for (const name of speakers) {
    const uses = named.filter((line) => line.name === name);
    if (uses.length === 1 && uses[0]!.kind === 'header' && !name.includes(' ')) speakers.delete(name);
  }
  const isSpeaker = (line: Line) => (line.kind === 'label' || line.kind === 'header') && speakers.has(line.name);
  const anySpeaker = lines.some(isSpeaker);

  const turns: Turn[] = [];
  let current: Turn | null = null;
  let pendingTime: number | null = null;
  let stated: number | null = null;
  let timeMarkers = false;
  let meetFurniture = false;
  for (const line of lines) {
    if (line.kind === 'noise') {
      stated = line.duration ?? stated;
      meetFurniture ||= line.meet;
      continue;
    }
    if (line.kind === 'blank') {
      // In prose a blank line ends a paragraph; between named turns it means nothing.
      if (!anySpeaker) current = null;
      continue;
    }
    if (line.kind === 'time') {
      pendingTime = line.seconds;
      timeMarkers = true;
      continue;
    }
    if ((line.kind === 'label' || line.kind === 'header') && speakers.has(line.name)) {
      current = {
        speaker: line.name,
        startSeconds: line.seconds ?? pendingTime,
        endSeconds: null,
        text: line.kind === 'label' ? line.text.trim() : '',
      };
      pendingTime = null;
      turns.push(current);
      continue;
    }
    const words = line.kind === 'text' ? line.text.trim() : line.raw;
    const seconds = line.kind === 'text' ? line.seconds : null;
    if (current) current.text = `${current.text} ${words}`.trim();
    else if (!anySpeaker) {
      // Before the first speaker of a named transcript come the title, date and attendees: left out.
      current = { speaker: null, startSeconds: seconds ?? pendingTime, endSeconds: null, text: words };
      pendingTime = null;
      turns.push(current);
    }
  }

  const headers = lines.filter((line) => line.kind === 'header' && speakers.has(line.name));
  const zoom = headers.some((line) => line.kind === 'header' && line.style === 'bracket');
  if (zoom) {
    // Zoom writes the wall-clock time ('14:02:24'): times are counted from the first one.
    const origin = turns.find((turn) => turn.startSeconds !== null)?.startSeconds ?? 0;
    for (const turn of turns) if (turn.startSeconds !== null) turn.startSeconds = Math.max(0, turn.startSeconds - origin);
  }
  // Without end times a turn ends where the next one starts.
  turns.forEach((turn, i) => {
    const next = turns[i + 1];
    if (turn.startSeconds !== null && next?.startSeconds != null && next.startSeconds >= turn.startSeconds)
      turn.endSeconds = next.startSeconds;
  });

  const timedLabels = lines.some((line) => isSpeaker(line) && line.kind === 'label' && line.seconds !== null);
  const layout: TranscriptLayout = !anySpeaker
    ? 'plain'
    : zoom
      ? 'zoom-txt'
      : headers.length > 0
        ? 'teams-docx'
        : meetFurniture || timeMarkers
          ? 'google-meet'
          : timedLabels
            ? 'timestamped-lines'
            : 'name-lines';
  return { turns: turns.filter((turn) => turn.text !== ''), layout, stated };
}

/**
 * Reads a pasted or uploaded call transcript: WebVTT (voice tags, 'Name:' cues; Zoom and Teams exports), SubRip,
 * Zoom's and Teams' text exports, Google Meet transcripts, '[00:01:02] Name:' and 'Name:' lines, or plain prose
 * (then no speakers are identified). Consecutive cues of one speaker become one turn.
 */
export function parseTranscript(input: string, fileName?: string): Transcript {
  const text = input
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00A0\u202F]/g, ' ');
  const extension = fileName?.toLowerCase().split('.').pop();
  const hasCues = text.split('\n').some((line) => CUE_TIMING.test(line));
  let parsed: { turns: Turn[]; layout: TranscriptLayout; stated: number | null };
  let format: TranscriptFormat;
  if (hasCues) {
    const isVtt = /^WEBVTT/.test(text.trimStart()) || extension === 'vtt' || (extension !== 'srt' && !/-->\s*[\d:]+,\d/.test(text));
    format = isVtt ? 'vtt' : 'srt';
    parsed = { ...parseCues(text, isVtt), stated: null };
  } else {
    format = 'text';
    parsed = parseLines(text);
  }
  const named = new Set(parsed.turns.map((turn) => turn.speaker).filter((name): name is string => name !== null));
  const split = parsed.turns.flatMap((turn) => (turn.speaker === null ? [turn] : splitInline(turn, named)));
  const turns = mergeTurns(split.filter((turn) => turn.text !== ''));
  return {
    format,
    layout: parsed.layout,
    turns,
    speakersIdentified: turns.some((turn) => turn.speaker !== null),
    statedDurationSeconds: parsed.stated,
  };
}
