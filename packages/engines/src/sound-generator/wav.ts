/** 16-bit PCM WAV (RIFF 'WAVE', 'fmt ' then 'data'), channels interleaved. */
export function encodeWav(channels: readonly Float32Array[], sampleRate: number): Buffer {
  const count = channels.length;
  const frames = channels[0]?.length ?? 0;
  const dataBytes = frames * count * 2;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'latin1');
  out.write('fmt ', 12, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(count, 22);
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * count * 2, 28);
  out.writeUInt16LE(count * 2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(dataBytes, 40);
  let offset = 44;
  for (let i = 0; i < frames; i += 1) {
    for (const channel of channels) {
      const sample = Math.max(-1, Math.min(1, channel[i] ?? 0));
      out.writeInt16LE(Math.round(sample * 32767), offset);
      offset += 2;
    }
  }
  return out;
}

export type WavInfo = { channels: number; sampleRate: number; bitsPerSample: number; frames: number; samples: Int16Array };

/** Reads back a PCM WAV written by encodeWav (tests and checks). */
export function readWav(file: Buffer): WavInfo {
  if (file.toString('latin1', 0, 4) !== 'RIFF' || file.toString('latin1', 8, 12) !== 'WAVE') throw new Error('Not a WAV file');
  let offset = 12;
  let format: { channels: number; sampleRate: number; bitsPerSample: number } | null = null;
  while (offset + 8 <= file.length) {
    const id = file.toString('latin1', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      format = {
        channels: file.readUInt16LE(body + 2),
        sampleRate: file.readUInt32LE(body + 4),
        bitsPerSample: file.readUInt16LE(body + 14),
      };
    } else if (id === 'data' && format) {
      const samples = new Int16Array(size / 2);
      for (let i = 0; i < samples.length; i += 1) samples[i] = file.readInt16LE(body + i * 2);
      return { ...format, frames: samples.length / format.channels, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV file without fmt and data chunks');
}

/** Peak of |sample| (0..1) in each of `points` equal slices, over all channels. */
export function waveformPeaks(channels: readonly Float32Array[], points: number): number[] {
  const frames = channels[0]?.length ?? 0;
  return Array.from({ length: points }, (_, p) => {
    const start = Math.floor((p * frames) / points);
    const end = Math.max(start + 1, Math.floor(((p + 1) * frames) / points));
    let peak = 0;
    for (const channel of channels) for (let i = start; i < Math.min(end, frames); i += 1) peak = Math.max(peak, Math.abs(channel[i] ?? 0));
    return Math.round(Math.min(1, peak) * 1000) / 1000;
  });
}
