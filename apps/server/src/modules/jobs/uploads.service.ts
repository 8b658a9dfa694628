import { createHash, randomUUID } from 'node:crypto';
import type { Upload, UploadPurpose } from '@lumen/core/jobs/schemas';
import { transcriptProblem } from '@lumen/engines';
import type { Db } from '../../db/database.ts';
import type { FileLinks } from '../files/index.ts';
import type { Storage } from '../files/index.ts';
import { checkImage, checkTranscript, cleanFileName } from '../files/index.ts';
import { AppError } from '../../plugins/app-error.ts';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from './idempotency-fingerprint.ts';
import { findUploadByKey, insertUpload } from './uploads.repository.ts';
import type { UploadRow } from './tables.ts';

export function toUploadDto(row: UploadRow, links: FileLinks): Upload {
  return {
    id: row.id,
    purpose: row.purpose,
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    ...(row.width !== null ? { width: row.width } : {}),
    ...(row.height !== null ? { height: row.height } : {}),
    previewUrl: links.sign({ key: row.storageKey, contentType: row.contentType, disposition: 'inline' }).url,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What an upload's Idempotency-Key is bound to besides the account: the purpose, the file's name and its bytes. */
export function uploadFingerprint(upload: { purpose: UploadPurpose; fileName: string; data: Buffer }): string {
  return createHash('sha256')
    .update(upload.purpose)
    .update('\n')
    .update(upload.fileName)
    .update('\n')
    .update(upload.data)
    .digest('base64url');
}

/** The earlier upload a key names, when this request is the same one again; another request with the key is a 422. */
function replayOf(earlier: UploadRow, requestHash: string): UploadRow {
  if (earlier.requestHash !== requestHash) throw new AppError('UNPROCESSABLE', 422, IDEMPOTENCY_KEY_REUSED_MESSAGE);
  return earlier;
}

export function createUploadsService(deps: { db: Db; storage: Storage; links: FileLinks }) {
  const { db, storage, links } = deps;
  return {
    /** Checks the file by its content and stores it; nothing is stored when it is refused. */
    async createUpload(input: {
      userId: string;
      purpose: UploadPurpose;
      fileName: string;
      data: Buffer;
      idempotencyKey?: string;
    }): Promise<{ upload: Upload; isReplay: boolean }> {
      const requestHash = input.idempotencyKey ? uploadFingerprint(input) : null;
      if (input.idempotencyKey && requestHash) {
        const earlier = await findUploadByKey(db, input.userId, input.idempotencyKey);
        if (earlier) return { upload: toUploadDto(replayOf(earlier, requestHash), links), isReplay: true };
      }
      const checked = input.purpose === 'image' ? await checkImage(input.data) : checkTranscript(input.data, input.fileName);
      if (input.purpose === 'transcript') {
        // A call the sales pilot cannot analyse (under 12 words of speech) is refused here, before any job is charged.
        const problem = transcriptProblem(input.data.toString('utf8'), cleanFileName(input.fileName, 'transcript.txt'));
        if (problem) throw new AppError('VALIDATION_ERROR', 400, problem, { details: [{ field: 'file', message: problem }] });
      }
      const id = randomUUID();
      const storageKey = `uploads/${input.userId}/${id}`;
      await storage.put(storageKey, input.data);
      const row = await insertUpload(db, {
        id,
        userId: input.userId,
        purpose: input.purpose,
        name: cleanFileName(input.fileName, input.purpose === 'image' ? 'image' : 'transcript.txt'),
        contentType: checked.contentType,
        size: input.data.length,
        width: checked.width ?? null,
        height: checked.height ?? null,
        storageKey,
        idempotencyKey: input.idempotencyKey ?? null,
        requestHash,
      }).catch(async (error: unknown) => {
        await storage.delete(storageKey);
        throw error;
      });
      if (!row) {
        // The same Idempotency-Key won a race: keep the first upload only.
        await storage.delete(storageKey);
        const earlier = input.idempotencyKey ? await findUploadByKey(db, input.userId, input.idempotencyKey) : null;
        if (!earlier || !requestHash) throw new Error('createUpload: conflicting upload vanished');
        return { upload: toUploadDto(replayOf(earlier, requestHash), links), isReplay: true };
      }
      return { upload: toUploadDto(row, links), isReplay: false };
    },
  };
}
