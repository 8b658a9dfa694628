/** Reads back the format and exact length of an MP3 written by encodeMp3 (tests and checks). */

const BITRATES: Record<'MPEG-1' | 'MPEG-2', readonly number[]> = {
  'MPEG-1': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  'MPEG-2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};

export type Mp3Info = {
  version: 'MPEG-1' | 'MPEG-2' | 'MPEG-2.5';
  layer: number;
  bitrateKbps: number;
  sampleRate: number;
  channels: number;
  /** From the Xing/Info frame count less the LAME tag's encoder delay and padding. */
  durationSeconds: number;
};

export function readMp3(file: Buffer): Mp3Info {
  let offset = 0;
  if (file.toString('latin1', 0, 3) === 'ID3') {
    // Syncsafe size: 7 bits a byte.
    const size = ((file[6]! & 0x7f) << 21) | ((file[7]! & 0x7f) << 14) | ((file[8]! & 0x7f) << 7) | (file[9]! & 0x7f);
    offset = 10 + size;
  }
  if (file[offset] !== 0xff || (file[offset + 1]! & 0xe0) !== 0xe0) throw new Error(`No MP3 frame at byte ${offset}`);
  const b1 = file[offset + 1]!;
  const b2 = file[offset + 2]!;
  const b3 = file[offset + 3]!;
  const versionBits = (b1 >> 3) & 3;
  const version = versionBits === 3 ? 'MPEG-1' : versionBits === 2 ? 'MPEG-2' : 'MPEG-2.5';
  const layer = 4 - ((b1 >> 1) & 3);
  const baseRate = [44_100, 48_000, 32_000][(b2 >> 2) & 3] ?? 0;
  const sampleRate = version === 'MPEG-1' ? baseRate : version === 'MPEG-2' ? baseRate / 2 : baseRate / 4;
  const bitrateKbps = BITRATES[version === 'MPEG-1' ? 'MPEG-1' : 'MPEG-2'][b2 >> 4] ?? 0;
  const channels = b3 >> 6 === 3 ? 1 : 2;
  const samplesPerFrame = version === 'MPEG-1' ? 1152 : 576;

  const sideInfo = version === 'MPEG-1' ? (channels === 2 ? 32 : 17) : channels === 2 ? 17 : 9;
  const xing = offset + 4 + sideInfo;
  const tag = file.toString('latin1', xing, xing + 4);
  if (tag !== 'Xing' && tag !== 'Info') throw new Error('MP3 without a Xing/Info frame');
  const flags = file.readUInt32BE(xing + 4);
  if (!(flags & 1)) throw new Error('Xing/Info frame without a frame count');
  const frames = file.readUInt32BE(xing + 8);
  let lame = xing + 12;
  if (flags & 2) lame += 4;
  if (flags & 4) lame += 100;
  if (flags & 8) lame += 4;
  // LAME tag: 9 bytes of version, 12 more of settings, then 12 bits of delay and 12 of padding.
  const gap = lame + 21;
  const delay = (file[gap]! << 4) | (file[gap + 1]! >> 4);
  const padding = ((file[gap + 1]! & 0x0f) << 8) | file[gap + 2]!;
  return {
    version,
    layer,
    bitrateKbps,
    sampleRate,
    channels,
    durationSeconds: (frames * samplesPerFrame - delay - padding) / sampleRate,
  };
}
