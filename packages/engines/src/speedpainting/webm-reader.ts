import { ids, masterIds } from './webm-ids.ts';

/** What a WebM file says about itself; used by tests and the bench to check the writer's output. */
export type WebmSummary = {
  docType: string;
  codecId: string;
  width: number;
  height: number;
  timecodeScale: number;
  durationMs: number;
  blocks: { timeMs: number; keyframe: boolean; data: Buffer }[];
  cuePoints: number;
};

type Vint = { value: number; length: number };

function readVint(buffer: Buffer, offset: number, keepMarker: boolean): Vint {
  const first = buffer[offset];
  if (first === undefined || first === 0) throw new Error(`Bad EBML variable-length integer at ${offset}`);
  let length = 1;
  while (!(first & (0x80 >> (length - 1)))) length += 1;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i += 1) value = value * 256 + (buffer[offset + i] ?? 0);
  return { value, length };
}

function readUint(data: Buffer): number {
  let value = 0;
  for (const byte of data) value = value * 256 + byte;
  return value;
}

/** Parses an EBML file into the fields above; throws on a malformed structure. */
export function readWebm(file: Buffer): WebmSummary {
  const summary: WebmSummary = {
    docType: '',
    codecId: '',
    width: 0,
    height: 0,
    timecodeScale: 1_000_000,
    durationMs: 0,
    blocks: [],
    cuePoints: 0,
  };
  let clusterTime = 0;
  const walk = (start: number, end: number): void => {
    let offset = start;
    while (offset < end) {
      const id = readVint(file, offset, true);
      const size = readVint(file, offset + id.length, false);
      const dataStart = offset + id.length + size.length;
      const dataEnd = dataStart + size.value;
      if (dataEnd > end) throw new Error(`Element 0x${id.value.toString(16)} overruns its parent`);
      const data = file.subarray(dataStart, dataEnd);
      if (masterIds.has(id.value)) {
        if (id.value === ids.cuePoint) summary.cuePoints += 1;
        walk(dataStart, dataEnd);
      } else if (id.value === ids.docType) summary.docType = data.toString('utf8');
      else if (id.value === ids.codecId) summary.codecId = data.toString('utf8');
      else if (id.value === ids.pixelWidth) summary.width = readUint(data);
      else if (id.value === ids.pixelHeight) summary.height = readUint(data);
      else if (id.value === ids.timecodeScale) summary.timecodeScale = readUint(data);
      else if (id.value === ids.duration) summary.durationMs = data.length === 8 ? data.readDoubleBE() : data.readFloatBE();
      else if (id.value === ids.timecode) clusterTime = readUint(data);
      else if (id.value === ids.simpleBlock) {
        const track = readVint(data, 0, false);
        const relative = data.readInt16BE(track.length);
        const flags = data[track.length + 2] ?? 0;
        summary.blocks.push({
          timeMs: clusterTime + relative,
          keyframe: (flags & 0x80) !== 0,
          data: data.subarray(track.length + 3),
        });
      }
      offset = dataEnd;
    }
  };
  walk(0, file.length);
  return summary;
}
