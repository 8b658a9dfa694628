/**
 * The examples of the reference, built from the contract's routes (docs/api/jobs-contract.md,
 * docs/api/api-keys-contract.md) and the services' real params (packages/core/src/services/*-params.ts).
 */
export type SampleLanguage = 'curl' | 'javascript' | 'python';
export const sampleLanguages: { key: SampleLanguage; label: string }[] = [
  { key: 'curl', label: 'curl' },
  { key: 'javascript', label: 'JavaScript (fetch)' },
  { key: 'python', label: 'Python (requests)' },
];

export type Sample = { title: string; description: string; code: Record<SampleLanguage, string> };

export function quickStartSample(base: string): Sample {
  return {
    title: 'Quick start: generate an image',
    description: 'Set your key in an environment variable, start an image-generator job (1 credit) and read it back.',
    code: {
      curl: `export LUMEN_API_KEY="sk_live_..."

curl -X POST ${base}/jobs \\
  -H "Authorization: Bearer $LUMEN_API_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"service":"image-generator","params":{"prompt":"a sailboat at dawn, watercolor","style":"watercolor","aspectRatio":"16:9"}}'

# → {"success":true,"data":{"id":"<job id>","status":"queued",...}}
curl -H "Authorization: Bearer $LUMEN_API_KEY" ${base}/jobs/<job id>`,
      javascript: `const BASE = '${base}';
const headers = { Authorization: \`Bearer \${process.env.LUMEN_API_KEY}\`, 'Content-Type': 'application/json' };

const created = await fetch(\`\${BASE}/jobs\`, {
  method: 'POST',
  headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
  body: JSON.stringify({ service: 'image-generator', params: { prompt: 'a sailboat at dawn, watercolor', style: 'watercolor' } }),
}).then((res) => res.json());
console.log(created.data.id, created.data.status); // "queued"`,
      python: `import os, uuid, requests

BASE = "${base}"
headers = {"Authorization": f"Bearer {os.environ['LUMEN_API_KEY']}"}

res = requests.post(f"{BASE}/jobs", headers={**headers, "Idempotency-Key": str(uuid.uuid4())},
                    json={"service": "image-generator", "params": {"prompt": "a sailboat at dawn, watercolor", "style": "watercolor"}})
res.raise_for_status()
job = res.json()["data"]
print(job["id"], job["status"])  # queued`,
    },
  };
}

export function workflowSamples(base: string): Sample[] {
  return [
    {
      title: '1. Create an upload',
      description:
        'POST /uploads, multipart with the field file (PNG, JPEG or WebP up to 15 MB; purpose=transcript for .txt/.vtt/.srt). Returns the upload id.',
      code: {
        curl: `curl -X POST ${base}/uploads \\
  -H "X-API-Key: $LUMEN_API_KEY" \\
  -H "Idempotency-Key: upload-photo-1" \\
  -F "file=@photo.png"
# → {"success":true,"data":{"id":"<upload id>","purpose":"image","contentType":"image/png",...}}`,
        javascript: `import { readFile } from 'node:fs/promises';

const form = new FormData();
form.append('file', new Blob([await readFile('photo.png')], { type: 'image/png' }), 'photo.png');
const upload = await fetch(\`\${BASE}/uploads\`, {
  method: 'POST',
  headers: { 'X-API-Key': process.env.LUMEN_API_KEY, 'Idempotency-Key': 'upload-photo-1' },
  body: form,
}).then((res) => res.json());
const uploadId = upload.data.id;`,
        python: `with open("photo.png", "rb") as f:
    res = requests.post(f"{BASE}/uploads", headers={**headers, "Idempotency-Key": "upload-photo-1"},
                        files={"file": ("photo.png", f, "image/png")})
res.raise_for_status()
upload_id = res.json()["data"]["id"]`,
      },
    },
    {
      title: '2. Start a job',
      description:
        'POST /jobs {service, params, files}: the cost is charged when the job is recorded. Here AI background with a transparent background (mode: transparent | color + color | preset + preset 1..10 | upload + a background file).',
      code: {
        curl: `curl -X POST ${base}/jobs \\
  -H "Authorization: Bearer $LUMEN_API_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: cutout-photo-1" \\
  -d '{"service":"ai-background","params":{"mode":"transparent"},"files":{"image":"<upload id>"}}'`,
        javascript: `const job = await fetch(\`\${BASE}/jobs\`, {
  method: 'POST',
  headers: { ...headers, 'Idempotency-Key': 'cutout-photo-1' },
  body: JSON.stringify({ service: 'ai-background', params: { mode: 'transparent' }, files: { image: uploadId } }),
}).then((res) => res.json());
if (!job.success) throw new Error(job.message); // e.g. 402 'Insufficient credits: …'`,
        python: `res = requests.post(f"{BASE}/jobs", headers={**headers, "Idempotency-Key": "cutout-photo-1"},
                    json={"service": "ai-background", "params": {"mode": "transparent"}, "files": {"image": upload_id}})
if not res.ok:
    raise RuntimeError(res.json()["message"])  # e.g. 402 'Insufficient credits: …'
job = res.json()["data"]`,
      },
    },
    {
      title: '3. Poll the job',
      description:
        'GET /jobs/{id} until status is succeeded or failed (a failed job is refunded). GET /jobs/{id}/events streams the same as Server-Sent Events.',
      code: {
        curl: `while true; do
  STATUS=$(curl -s -H "Authorization: Bearer $LUMEN_API_KEY" ${base}/jobs/<job id> | jq -r .data.status)
  echo "$STATUS"; [ "$STATUS" = succeeded ] || [ "$STATUS" = failed ] && break; sleep 2
done`,
        javascript: `let current = job.data;
while (current.status !== 'succeeded' && current.status !== 'failed') {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  current = (await fetch(\`\${BASE}/jobs/\${current.id}\`, { headers }).then((res) => res.json())).data;
}
if (current.status === 'failed') throw new Error(current.error);`,
        python: `import time

while job["status"] not in ("succeeded", "failed"):
    time.sleep(2)
    job = requests.get(f"{BASE}/jobs/{job['id']}", headers=headers).json()["data"]
if job["status"] == "failed":
    raise RuntimeError(job["error"])`,
      },
    },
    {
      title: '4. Download the result',
      description:
        'GET /jobs/{id}/outputs/{outputId}/download returns a short-lived signed link {url, expiresAt} to the original file. Downloads are for accounts that have purchased credits (403 otherwise); outputs[].previewUrl works for everyone.',
      code: {
        curl: `URL=$(curl -s -H "Authorization: Bearer $LUMEN_API_KEY" \\
  ${base}/jobs/<job id>/outputs/<output id>/download | jq -r .data.url)
curl -L -o result.png "${origin(base)}$URL"`,
        javascript: `import { writeFile } from 'node:fs/promises';

const output = current.outputs[0];
const link = await fetch(\`\${BASE}/jobs/\${current.id}/outputs/\${output.id}/download\`, { headers }).then((res) => res.json());
const file = await fetch(new URL(link.data.url, BASE));
await writeFile(output.name, Buffer.from(await file.arrayBuffer()));`,
        python: `from urllib.parse import urljoin

output = job["outputs"][0]
link = requests.get(f"{BASE}/jobs/{job['id']}/outputs/{output['id']}/download", headers=headers).json()["data"]
with open(output["name"], "wb") as f:
    f.write(requests.get(urljoin(BASE, link["url"])).content)`,
      },
    },
  ];
}

function origin(base: string): string {
  try {
    return new URL(base).origin;
  } catch {
    return '';
  }
}

export const webhookSamples: Record<'javascript' | 'python', string> = {
  javascript: `import { createHmac, timingSafeEqual } from 'node:crypto';

/** Verifies 'Lumen-Signature: t=<unix seconds>,v1=<hex>' over the RAW request body. */
export function verifyLumenSignature(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.trim().split('=')));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) return false;
  if (Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false; // replayed or stale
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length / 2 && timingSafeEqual(given, Buffer.from(expected, 'hex'));
}

// Express: app.post('/hooks/lumen', express.raw({ type: 'application/json' }), (req, res) => {
//   if (!verifyLumenSignature(req.body.toString('utf8'), req.get('Lumen-Signature'), process.env.LUMEN_WEBHOOK_SECRET)) return res.sendStatus(400);
//   const event = JSON.parse(req.body); // {id, type: 'job.succeeded' | 'job.failed', createdAt, data: {job}}
//   res.sendStatus(204);
// });`,
  python: `import hmac, hashlib, time

def verify_lumen_signature(raw_body: bytes, header: str, secret: str, tolerance_seconds: int = 300) -> bool:
    """Verifies 'Lumen-Signature: t=<unix seconds>,v1=<hex>' over the RAW request body."""
    parts = dict(part.strip().split("=", 1) for part in header.split(","))
    try:
        t = int(parts["t"])
    except (KeyError, ValueError):
        return False
    if abs(time.time() - t) > tolerance_seconds:
        return False  # replayed or stale
    expected = hmac.new(secret.encode(), f"{t}.".encode() + raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, parts.get("v1", ""))

# Flask: @app.post("/hooks/lumen")
# def hook():
#     if not verify_lumen_signature(request.get_data(), request.headers["Lumen-Signature"], os.environ["LUMEN_WEBHOOK_SECRET"]):
#         abort(400)
#     event = request.get_json()  # {id, type: 'job.succeeded' | 'job.failed', createdAt, data: {job}}
#     return "", 204`,
};
