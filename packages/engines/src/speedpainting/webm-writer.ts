import { element, floatElement, idElement, stringElement, uintElement } from './ebml.ts';
import { ids } from './webm-ids.ts';

export type WebmVideo = {
  width: number;
  height: number;
  fps: number;
  /** VP8 keyframes in display order; the same buffer may repeat (a held frame). */
  frames: readonly Buffer[];
};

const FRAMES_PER_CLUSTER_SECONDS = 1;
const SEEK_ENTRY_POSITION_BYTES = 8;

/**
 * Muxes VP8 keyframes into a WebM file (Matroska with DocType 'webm'): EBML header, then a Segment
 * with SeekHead, Info (1 ms timecodes, duration), Tracks (one V_VP8 track), one Cluster of
 * SimpleBlocks per second and Cues for seeking. Everything is built in memory, so every size is known.
 */
export function muxWebm(video: WebmVideo): Buffer {
  const { width, height, fps, frames } = video;
  if (frames.length === 0) throw new Error('A video needs at least one frame');
  const frameMs = 1000 / fps;
  const durationMs = frames.length * frameMs;

  const header = element(ids.ebml, [
    uintElement(ids.ebmlVersion, 1),
    uintElement(ids.ebmlReadVersion, 1),
    uintElement(ids.ebmlMaxIdLength, 4),
    uintElement(ids.ebmlMaxSizeLength, 8),
    stringElement(ids.docType, 'webm'),
    uintElement(ids.docTypeVersion, 2),
    uintElement(ids.docTypeReadVersion, 2),
  ]);

  const info = element(ids.info, [
    uintElement(ids.timecodeScale, 1_000_000),
    floatElement(ids.duration, durationMs),
    stringElement(ids.muxingApp, 'lumen-webm'),
    stringElement(ids.writingApp, 'lumen speedpainting'),
  ]);

  const tracks = element(ids.tracks, [
    element(ids.trackEntry, [
      uintElement(ids.trackNumber, 1),
      uintElement(ids.trackUid, 1),
      uintElement(ids.trackType, 1),
      uintElement(ids.flagLacing, 0),
      uintElement(ids.defaultDuration, Math.round(frameMs * 1_000_000)),
      stringElement(ids.codecId, 'V_VP8'),
      element(ids.video, [uintElement(ids.pixelWidth, width), uintElement(ids.pixelHeight, height)]),
    ]),
  ]);

  const perCluster = Math.max(1, Math.round(fps * FRAMES_PER_CLUSTER_SECONDS));
  const clusters: { timeMs: number; bytes: Buffer }[] = [];
  for (let first = 0; first < frames.length; first += perCluster) {
    const clusterMs = Math.round(first * frameMs);
    const blocks: Buffer[] = [uintElement(ids.timecode, clusterMs)];
    for (let i = first; i < Math.min(frames.length, first + perCluster); i += 1) {
      blocks.push(simpleBlock(Math.round(i * frameMs) - clusterMs, frames[i] as Buffer));
    }
    clusters.push({ timeMs: clusterMs, bytes: element(ids.cluster, blocks) });
  }

  // SeekHead positions are fixed-width, so its size is known before the positions are.
  const seekHeadFor = (positions: { info: number; tracks: number; cues: number }) =>
    element(ids.seekHead, [
      seekEntry(ids.info, positions.info),
      seekEntry(ids.tracks, positions.tracks),
      seekEntry(ids.cues, positions.cues),
    ]);
  const seekHeadLength = seekHeadFor({ info: 0, tracks: 0, cues: 0 }).length;
  const infoPosition = seekHeadLength;
  const tracksPosition = infoPosition + info.length;
  let position = tracksPosition + tracks.length;
  const cuePoints: Buffer[] = [];
  for (const cluster of clusters) {
    cuePoints.push(
      element(ids.cuePoint, [
        uintElement(ids.cueTime, cluster.timeMs),
        element(ids.cueTrackPositions, [uintElement(ids.cueTrack, 1), uintElement(ids.cueClusterPosition, position)]),
      ]),
    );
    position += cluster.bytes.length;
  }
  const cues = element(ids.cues, cuePoints);
  const seekHead = seekHeadFor({ info: infoPosition, tracks: tracksPosition, cues: position });

  const segment = element(ids.segment, [seekHead, info, tracks, ...clusters.map((c) => c.bytes), cues]);
  return Buffer.concat([header, segment]);
}

function seekEntry(targetId: number, position: number): Buffer {
  return element(ids.seek, [idElement(ids.seekId, targetId), uintElement(ids.seekPosition, position, SEEK_ENTRY_POSITION_BYTES)]);
}

/** SimpleBlock: track number 1 as a vint, int16 time relative to the cluster, flags (keyframe). */
function simpleBlock(relativeMs: number, frame: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head[0] = 0x81;
  head.writeInt16BE(relativeMs, 1);
  head[3] = 0x80;
  return element(ids.simpleBlock, [head, frame]);
}
