import type { paths } from './generated/openapi.ts';

/**
 * The shapes the helpers use, read from the generated `paths`: when the server changes one of these
 * routes or schemas and the types are regenerated, code that relies on the old shape stops compiling.
 */
type JsonBody<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : never;
type SuccessData<Response> = JsonBody<Response> extends { success: true; data: infer Data } ? Data : never;

export type Job = SuccessData<paths['/api/v1/jobs/{id}']['get']['responses'][200]>;
export type JobStatus = Job['status'];
export type JobOutput = Job['outputs'][number];
export type CreateJobBody = NonNullable<paths['/api/v1/jobs']['post']['requestBody']>['content']['application/json'];
/** The AI services: 'image-generator', 'sound-generator', … */
export type ServiceKey = CreateJobBody['service'];
/** A service's params in POST /jobs (each service has its own; the document says which are required). */
export type JobParams<Service extends ServiceKey> = NonNullable<Extract<CreateJobBody, { service: Service }>['params']>;
/** A service's upload fields in POST /jobs. */
export type JobFiles<Service extends ServiceKey> = NonNullable<Extract<CreateJobBody, { service: Service }>['files']>;
export type ServiceEntry = SuccessData<paths['/api/v1/services']['get']['responses'][200]>[number];
export type Upload = SuccessData<paths['/api/v1/uploads']['post']['responses'][201]>;
export type UploadPurpose = Upload['purpose'];
export type DownloadLink = SuccessData<paths['/api/v1/jobs/{id}/download']['get']['responses'][200]>;
export type CreditBalance = SuccessData<paths['/api/v1/credits/balance']['get']['responses'][200]>;

/** The failure envelope every route answers with: `{ success: false, message, error: { code, details?, meta? } }`. */
export type FailureEnvelope = JsonBody<paths['/api/v1/jobs']['post']['responses'][402]>;
export type ErrorCode = FailureEnvelope['error']['code'];
export type FieldIssue = NonNullable<FailureEnvelope['error']['details']>[number];
