import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Storage } from '../files/index.ts';
import { AVATAR_DIR } from '../users/index.ts';
import type { PersonalData } from './personal-data.ts';

/** A name that is safe as one path segment inside the archive. */
const safeName = (name: string) =>
  name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 100) || 'file';

const readme = (data: PersonalData, now: Date) =>
  `Lumen Studio: your data
========================

Made on ${now.toISOString()} for ${data.user.email} (account ${data.user.id}).
Every file is JSON (UTF-8); times are ISO 8601 in UTC; money is in cents.

profile.json           your profile, sign-in methods (Google) and whether you have a password
credits.json           your balance and every change of it (the credit ledger)
orders.json            purchases (orders and receipts) with their crypto payments and refunds
refund-requests.json   refunds you asked for and the answers
subscriptions.json     subscription plans you had
payment-methods.json   saved cards as shown to you (brand, last 4 digits, expiry)
auto-top-up.json       automatic top-up settings, each automatic top-up and each low-balance e-mail
jobs.json              every use of a service with its parameters; "archivePath" names each result file
uploads.json           files you uploaded; "archivePath" names each one
api-keys.json          your API keys by name and prefix, status and usage (never the secret)
connected-apps.json    assistants you let in through OAuth (MCP): services, monthly cap, dates (never a token)
sessions.json          sign-ins (device, IP, when), including ended ones
security-events.json   sign-ins, password changes and other account events
community.json         your community posts and the posts you liked
newsletter.json        your newsletter subscription, if any
contact-messages.json  messages you sent from the contact page and the answers
support-chat.json      your conversation with the support team in the dashboard
files/                 your result files, uploads and profile image

Not included: your password (only a one-way hash is kept), the secrets of API keys and webhooks,
and sign-in tokens, which the product never keeps in readable form.
A file listed with "archivePath": null was no longer in storage when the archive was made.
`;

type FileEntry = { path: string; open: () => Promise<Readable> };

/**
 * The archive as a zip stream: JSON files and a README, then every stored file of the person, each
 * read from storage only when the zip reaches it (one open file at a time, whatever the driver).
 */
export async function createDataArchive(input: { data: PersonalData; storage: Storage; dataDir: string; now: Date }): Promise<Readable> {
  const { data, storage } = input;
  const files: FileEntry[] = [];
  const stored = async (key: string | null, path: string): Promise<string | null> => {
    if (!key || (await storage.size(key)) === null) return null;
    files.push({ path, open: () => storage.stream(key) });
    return path;
  };

  const jobs = [];
  for (const job of data.jobs) {
    const outputs = [];
    for (const output of job.outputs) {
      const base = `files/jobs/${job.id}/${output.position}-${safeName(output.name)}`;
      outputs.push({
        id: output.id,
        kind: output.kind,
        name: output.name,
        contentType: output.contentType,
        size: output.size,
        archivePath: await stored(output.storageKey, base),
      });
    }
    jobs.push({ ...job, outputs });
  }
  const uploads = [];
  for (const { storageKey, idempotencyKey: _idempotencyKey, userId: _userId, ...upload } of data.uploads) {
    uploads.push({ ...upload, archivePath: await stored(storageKey, `files/uploads/${upload.id}-${safeName(upload.name)}`) });
  }
  let profileImagePath: string | null = null;
  const avatar = data.user.profileImage;
  if (avatar?.startsWith(`${AVATAR_DIR}/`) && !avatar.includes('..')) {
    const absolute = join(input.dataDir, avatar);
    if ((await stat(absolute).catch(() => null))?.isFile()) {
      profileImagePath = 'files/profile-image.webp';
      files.push({ path: profileImagePath, open: async () => createReadStream(absolute) });
    }
  }

  const zip = new ZipFile();
  const json = (name: string, value: unknown) => zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`), name);
  zip.addBuffer(Buffer.from(readme(data, input.now)), 'README.txt');
  const { profileImage: _profileImage, ...profile } = data.user;
  json('profile.json', { ...profile, profileImage: profileImagePath });
  json('credits.json', data.credits);
  json('orders.json', data.orders);
  json('refund-requests.json', data.refundRequests);
  json('subscriptions.json', data.subscriptions);
  json('payment-methods.json', data.paymentMethods);
  json('auto-top-up.json', data.autoTopUp);
  json('jobs.json', jobs);
  json('uploads.json', uploads);
  json('api-keys.json', data.apiKeys);
  json('connected-apps.json', data.connectedApps);
  json('sessions.json', data.sessions);
  json('security-events.json', data.securityEvents);
  json('community.json', { posts: data.communityPosts, likes: data.communityLikes });
  json('newsletter.json', data.newsletter);
  json('contact-messages.json', data.contactMessages);
  json('support-chat.json', data.supportChat);
  for (const file of files) {
    // Already-compressed media gains nothing from deflate.
    zip.addReadStreamLazy(file.path, { compress: false }, (callback) => {
      file.open().then(
        (stream) => callback(null, stream),
        (error: unknown) => callback(error, undefined as unknown as Readable),
      );
    });
  }
  zip.end();
  return zip.outputStream as Readable;
}
