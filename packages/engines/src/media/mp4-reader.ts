/** Reads back what matters in an H.264 MP4 written by createMp4Encoder (tests and checks). */

type Box = { type: string; start: number; body: number; end: number };

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'dinf']);
const H264_PROFILES: Record<number, string> = {
  66: 'Baseline',
  77: 'Main',
  88: 'Extended',
  100: 'High',
  110: 'High 10',
  122: 'High 4:2:2',
};

function boxesIn(file: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  let offset = start;
  while (offset + 8 <= end) {
    let size = file.readUInt32BE(offset);
    let body = offset + 8;
    if (size === 1) {
      size = Number(file.readBigUInt64BE(offset + 8));
      body += 8;
    } else if (size === 0) size = end - offset;
    if (size < 8 || offset + size > end) throw new Error(`Broken MP4 box at byte ${offset}`);
    boxes.push({ type: file.toString('latin1', offset + 4, offset + 8), start: offset, body, end: offset + size });
    offset += size;
  }
  return boxes;
}

/** Every box below the top level, depth first, by type (the first of each type wins). */
function indexBoxes(file: Buffer, boxes: Box[], found = new Map<string, Box>()): Map<string, Box> {
  for (const box of boxes) {
    if (!found.has(box.type)) found.set(box.type, box);
    if (CONTAINERS.has(box.type)) indexBoxes(file, boxesIn(file, box.body, box.end), found);
    // stsd: version/flags and an entry count before its sample entries; avc1: 78 bytes of fields.
    if (box.type === 'stsd') indexBoxes(file, boxesIn(file, box.body + 8, box.end), found);
    if (box.type === 'avc1') indexBoxes(file, boxesIn(file, box.body + 78, box.end), found);
  }
  return found;
}

/** Time scale and duration of an mvhd or mdhd box (version 0 or 1). */
function timing(file: Buffer, box: Box): { timescale: number; duration: number } {
  const version = file[box.body] ?? 0;
  return version === 1
    ? { timescale: file.readUInt32BE(box.body + 20), duration: Number(file.readBigUInt64BE(box.body + 24)) }
    : { timescale: file.readUInt32BE(box.body + 12), duration: file.readUInt32BE(box.body + 16) };
}

export type Mp4Info = {
  /** Top-level boxes in file order, e.g. ['ftyp', 'moov', 'mdat']. */
  topLevel: string[];
  majorBrand: string;
  durationSeconds: number;
  /** The first sample entry's type, 'avc1' for H.264. */
  codec: string;
  width: number;
  height: number;
  profile: string;
  /** 1 = 4:2:0 (yuv420p), from the avcC box of High profiles. */
  chromaFormat: number;
  bitDepth: number;
  frames: number;
  keyframes: number;
};

export function readMp4(file: Buffer): Mp4Info {
  const top = boxesIn(file, 0, file.length);
  const boxes = indexBoxes(file, top);
  const need = (type: string): Box => {
    const box = boxes.get(type);
    if (!box) throw new Error(`MP4 without a ${type} box`);
    return box;
  };
  const ftyp = need('ftyp');
  const movie = timing(file, need('mvhd'));
  const entry = need('stsd');
  const sampleEntry = boxesIn(file, entry.body + 8, entry.end)[0];
  if (!sampleEntry) throw new Error('MP4 without a sample entry');
  const avc = need('avc1');
  const avcC = need('avcC');
  const profileIdc = file[avcC.body + 1] ?? 0;
  let chromaFormat = 1;
  let bitDepth = 8;
  if ([100, 110, 122, 144].includes(profileIdc)) {
    // After the SPS and PPS lists: chroma_format_idc and the bit depths.
    let offset = avcC.body + 5;
    const spsCount = (file[offset] ?? 0) & 0x1f;
    offset += 1;
    for (let i = 0; i < spsCount; i += 1) offset += 2 + file.readUInt16BE(offset);
    const ppsCount = file[offset] ?? 0;
    offset += 1;
    for (let i = 0; i < ppsCount; i += 1) offset += 2 + file.readUInt16BE(offset);
    if (offset + 3 <= avcC.end) {
      chromaFormat = (file[offset] ?? 0) & 0x03;
      bitDepth = ((file[offset + 1] ?? 0) & 0x07) + 8;
    }
  }
  const stsz = need('stsz');
  const frames = file.readUInt32BE(stsz.body + 8);
  const stss = boxes.get('stss');
  return {
    topLevel: top.map((box) => box.type),
    majorBrand: file.toString('latin1', ftyp.body, ftyp.body + 4),
    durationSeconds: movie.duration / movie.timescale,
    codec: sampleEntry.type,
    width: file.readUInt16BE(avc.body + 24),
    height: file.readUInt16BE(avc.body + 26),
    profile: H264_PROFILES[profileIdc] ?? `profile ${profileIdc}`,
    chromaFormat,
    bitDepth,
    frames,
    // No stss box means every sample is a keyframe.
    keyframes: stss ? file.readUInt32BE(stss.body + 4) : frames,
  };
}
