/** One speaker turn (or cue) of a call transcript. */
export type Turn = { speaker: string; text: string; start: number | null; end: number | null };
export type TranscriptFormat = 'vtt' | 'srt' | 'text';
export type Transcript = { format: TranscriptFormat; turns: Turn[] };

const UNKNOWN = 'Speaker';
const TIME = /(?:(\d{1,2}):)?(\d{1,2}):(\d{2})(?:[.,](\d{1,3}))?/;
const CUE_TIMING = /^\s*((?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?)\s*-->\s*((?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?)/;
/** 'Name:' at the start of a line: one to four capitalised words (or 'Speaker 1'), then a colon. */
const NAME_PREFIX = /^\s*((?:[A-Z][\p{L}'.-]*|\d+)(?:\s+(?:[A-Z][\p{L}'.-]*|\d+)){0,3})\s*(?:\((?:\d{1,2}:)?\d{1,2}:\d{2}\))?\s*:\s+(.*)$/u;
const LEADING_TIME = /^\s*\[?((?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?)\]?\s*[-–]?\s*/;

function seconds(value: string): number | null {
  const match = TIME.exec(value);
  if (!match) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]) + Number(`0.${match[4] ?? '0'}`);
}

/** Splits a speaker from the text: WebVTT voice tags `<v Name>` or a 'Name:' prefix. */
function speakerOf(text: string, previous: string | null): { speaker: string | null; text: string } {
  const voice = /^\s*<v(?:\.[\w.-]+)?\s+([^>]+)>\s*([\s\S]*?)(?:<\/v>)?\s*$/.exec(text);
  if (voice) return { speaker: (voice[1] ?? '').trim(), text: voice[2] ?? '' };
  const prefix = NAME_PREFIX.exec(text);
  if (prefix) return { speaker: (prefix[1] ?? '').trim(), text: prefix[2] ?? '' };
  return { speaker: previous, text };
}

function cleanCueText(text: string): string {
  return text
    .replace(/<(?!v[\s.])[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function parseCues(text: string): Turn[] {
  const turns: Turn[] = [];
  let previous: string | null = null;
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n');
    const timingIndex = lines.findIndex((line) => CUE_TIMING.test(line));
    if (timingIndex < 0) continue;
    const timing = CUE_TIMING.exec(lines[timingIndex] ?? '');
    const body = cleanCueText(lines.slice(timingIndex + 1).join(' '));
    if (!body) continue;
    const { speaker, text: spoken } = speakerOf(body, previous);
    const cleaned = cleanCueText(spoken.replace(/<\/?v[^>]*>/g, ''));
    if (!cleaned) continue;
    previous = speaker;
    turns.push({ speaker: speaker ?? UNKNOWN, text: cleaned, start: seconds(timing?.[1] ?? ''), end: seconds(timing?.[2] ?? '') });
  }
  return turns;
}

function parsePlain(text: string): Turn[] {
  const lines = text.split('\n');
  // A 'Word:' prefix is a speaker only if it recurs (so 'Note: ...' once is text), or in a short note.
  const counts = new Map<string, number>();
  for (const line of lines) {
    const name = NAME_PREFIX.exec(line.replace(LEADING_TIME, ''))?.[1]?.trim();
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const isSpeaker = (name: string) => (counts.get(name) ?? 0) >= 2 || counts.size === 1;
  const turns: Turn[] = [];
  let current: Turn | null = null;
  for (const rawLine of lines) {
    if (!rawLine.trim()) continue;
    let line = rawLine;
    let start: number | null = null;
    const time = LEADING_TIME.exec(line);
    if (time) {
      start = seconds(time[1] ?? '');
      line = line.slice(time[0].length);
    }
    const inlineTime = /^\s*[^:]{1,40}\((\d{1,2}:\d{2}(?::\d{2})?)\)\s*:/.exec(line);
    if (inlineTime && start === null) start = seconds(inlineTime[1] ?? '');
    const prefix = NAME_PREFIX.exec(line);
    if (prefix && isSpeaker((prefix[1] ?? '').trim())) {
      current = { speaker: (prefix[1] ?? '').trim(), text: (prefix[2] ?? '').trim(), start, end: null };
      turns.push(current);
    } else if (current) {
      current.text = `${current.text} ${line.trim()}`.trim();
    } else {
      current = { speaker: UNKNOWN, text: line.trim(), start, end: null };
      turns.push(current);
    }
  }
  // Without end times, a turn ends where the next one starts.
  turns.forEach((turn, i) => {
    const next = turns[i + 1];
    if (turn.start !== null && next?.start != null && next.start >= turn.start) turn.end = next.start;
  });
  return turns.filter((turn) => turn.text.length > 0);
}

/** Merges consecutive cues of one speaker into one turn (a VTT cue is often a fragment of a sentence). */
function mergeTurns(turns: Turn[]): Turn[] {
  const merged: Turn[] = [];
  for (const turn of turns) {
    const last = merged.at(-1);
    if (last && last.speaker === turn.speaker) {
      last.text = `${last.text} ${turn.text}`;
      last.end = turn.end ?? last.end;
    } else merged.push({ ...turn });
  }
  return merged;
}

/** Reads WebVTT, SubRip or plain 'Name: words' text. */
export function parseTranscript(input: string, fileName?: string): Transcript {
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const extension = fileName?.toLowerCase().split('.').pop();
  const hasCues = text.split('\n').some((line) => CUE_TIMING.test(line));
  const format: TranscriptFormat = /^WEBVTT/.test(text.trimStart()) || (extension === 'vtt' && hasCues) ? 'vtt' : hasCues ? 'srt' : 'text';
  const turns = format === 'text' ? parsePlain(text) : parseCues(text);
  return { format, turns: mergeTurns(turns) };
}
