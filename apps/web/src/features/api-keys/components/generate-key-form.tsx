import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { apiKeyMessages, apiKeyNameSchema, ipAllowListMax, isAcceptableWebhookUrl } from '@lumen/core/api-keys/schemas';
import { parseCidr } from '@lumen/core/api-keys/cidr';
import { scheduleYears } from '@lumen/core/http/date-bounds';
import { serviceKeys, serviceNames } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import {
  DEFAULT_RATE_LIMIT,
  EXPIRY_IN_PAST,
  failureMessage,
  GENERATE_FAILED,
  GENERATED,
  isVerificationRequired,
  MONTHLY_CAP_MAX,
  RATE_LIMIT_MAX,
} from '../api/api-key-messages.ts';
import type { GenerateApiKeyBody, IssuedApiKey } from '@lumen/core/api-keys/schemas';
import { useGenerateApiKey } from '../api/generate-api-key.ts';

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, message);

/** The end of a calendar day (YYYY-MM-DD) in the browser's time zone: a key 'expiring on' a day works through it. */
export function endOfLocalDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!, 23, 59, 59, 999);
}

/** The allow-list textarea: ranges separated by new lines, commas or spaces. */
export function splitIpRanges(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

const expiryField = z.union([
  z.literal(''),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Pick a date')
    .refine((day) => Number(day.slice(0, 4)) <= scheduleYears.max, `Pick a date before ${scheduleYears.max + 1}`)
    .refine((day) => endOfLocalDay(day).getTime() > Date.now(), EXPIRY_IN_PAST),
]);

const ipAllowListField = z
  .string()
  .refine((text) => splitIpRanges(text).every((range) => parseCidr(range) !== null), apiKeyMessages.ipAllowList)
  .refine((text) => splitIpRanges(text).length <= ipAllowListMax, `At most ${ipAllowListMax} IP ranges`);

// The contract's generate body (docs/api/api-keys-contract.md), kept as strings for the inputs and converted on submit.
const generateFormSchema = z.object({
  name: apiKeyNameSchema,
  rateLimit: wholeNumber(1, RATE_LIMIT_MAX, `Enter a whole number from 1 to ${RATE_LIMIT_MAX}`),
  allowedServices: z.array(z.enum(serviceKeys)),
  monthlyCreditCap: z.union([
    z.literal(''),
    wholeNumber(1, MONTHLY_CAP_MAX, `Leave empty for no cap, or enter 1 to ${MONTHLY_CAP_MAX.toLocaleString('en-US')}`),
  ]),
  webhookUrl: z.union([z.literal(''), z.string().trim().refine(isAcceptableWebhookUrl, apiKeyMessages.webhookUrl)]),
  expiresOn: expiryField,
  ipAllowList: ipAllowListField,
});
type GenerateFormValues = z.infer<typeof generateFormSchema>;
const fields = ['name', 'rateLimit', 'allowedServices', 'monthlyCreditCap', 'webhookUrl', 'ipAllowList'] as const;

export function toGenerateBody(values: GenerateFormValues): GenerateApiKeyBody {
  const ranges = splitIpRanges(values.ipAllowList);
  return {
    name: values.name.trim(),
    rateLimit: Number(values.rateLimit),
    allowedServices: values.allowedServices.length ? values.allowedServices : null,
    monthlyCreditCap: values.monthlyCreditCap.trim() ? Number(values.monthlyCreditCap) : null,
    webhookUrl: values.webhookUrl.trim() || null,
    expiresAt: values.expiresOn ? endOfLocalDay(values.expiresOn).toISOString() : null,
    ipAllowList: ranges.length ? ranges : null,
  };
}

/** The name form: a name, optional advanced settings, Generate and Cancel. */
export function GenerateKeyForm({
  onIssued,
  onCancel,
  onVerificationRequired,
}: {
  onIssued: (issued: IssuedApiKey) => void;
  onCancel: () => void;
  onVerificationRequired: (message: string) => void;
}) {
  const generate = useGenerateApiKey();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<GenerateFormValues>({
    resolver: zodResolver(generateFormSchema),
    defaultValues: {
      name: '',
      rateLimit: String(DEFAULT_RATE_LIMIT),
      allowedServices: [],
      monthlyCreditCap: '',
      webhookUrl: '',
      expiresOn: '',
      ipAllowList: '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const issued = await generate.mutateAsync(toGenerateBody(values));
      generate.reset();
      toast.success(GENERATED);
      onIssued(issued);
    } catch (error) {
      generate.reset();
      const message = failureMessage(error, GENERATE_FAILED);
      if (isVerificationRequired(error)) onVerificationRequired(message);
      // The server names the expiry 'expiresAt'; the form's field is the day.
      const expiryIssue = isApiError(error) ? error.details?.find((issue) => issue.field === 'expiresAt') : undefined;
      if (expiryIssue) setError('expiresOn', { type: 'server', message: expiryIssue.message });
      if (!applyServerFieldErrors(error, setError, fields) && !expiryIssue) toast.error(message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Generate an API key" className="space-y-4">
      <FormField
        label="Key name"
        error={errors.name?.message}
        hint={errors.name ? undefined : 'For example the app or server that will use it.'}
      >
        {(field) => (
          <Input
            id={field.id}
            invalid={field.invalid}
            aria-describedby={field.describedBy}
            placeholder="My backend"
            autoComplete="off"
            autoFocus
            {...register('name')}
          />
        )}
      </FormField>

      <details className="rounded-lg border border-slate-200 p-3 open:pb-4">
        <summary className="cursor-pointer text-sm font-medium text-slate-800">Advanced settings (optional)</summary>
        <div className="mt-4 space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Rate limit (requests per minute)"
              error={errors.rateLimit?.message}
              hint={errors.rateLimit ? undefined : `Default ${DEFAULT_RATE_LIMIT}, at most ${RATE_LIMIT_MAX}.`}
            >
              {(field) => (
                <Input
                  id={field.id}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={RATE_LIMIT_MAX}
                  invalid={field.invalid}
                  aria-describedby={field.describedBy}
                  {...register('rateLimit')}
                />
              )}
            </FormField>
            <FormField
              label="Monthly credit cap"
              error={errors.monthlyCreditCap?.message}
              hint={errors.monthlyCreditCap ? undefined : 'Empty: no cap (your balance is the limit).'}
            >
              {(field) => (
                <Input
                  id={field.id}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  placeholder="No cap"
                  invalid={field.invalid}
                  aria-describedby={field.describedBy}
                  {...register('monthlyCreditCap')}
                />
              )}
            </FormField>
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Allowed services</legend>
            <p className="text-xs text-slate-500">None ticked: the key may call every service.</p>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {serviceKeys.map((key: ServiceKey) => (
                <label key={key} className="flex items-center gap-2 text-sm text-slate-700">
                  <input type="checkbox" value={key} className="h-4 w-4 rounded border-slate-300" {...register('allowedServices')} />
                  {serviceNames[key]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Expires on"
              error={errors.expiresOn?.message}
              hint={errors.expiresOn ? undefined : 'Empty: never. The key stops working at the end of this day (your time).'}
            >
              {(field) => (
                <Input
                  id={field.id}
                  type="date"
                  min={todayInputValue()}
                  max={`${scheduleYears.max}-12-31`}
                  invalid={field.invalid}
                  aria-describedby={field.describedBy}
                  {...register('expiresOn')}
                />
              )}
            </FormField>
            <FormField
              label="IP allow-list"
              error={errors.ipAllowList?.message}
              hint={
                errors.ipAllowList
                  ? undefined
                  : 'IPv4 or IPv6 addresses or CIDR ranges, one per line (203.0.113.0/24, 2001:db8::/32). Empty: any IP.'
              }
            >
              {(field) => (
                <Textarea
                  id={field.id}
                  rows={3}
                  spellCheck={false}
                  placeholder={'203.0.113.0/24\n2001:db8::/32'}
                  invalid={field.invalid}
                  aria-describedby={field.describedBy}
                  className="font-mono"
                  {...register('ipAllowList')}
                />
              )}
            </FormField>
          </div>
          <FormField
            label="Webhook URL"
            error={errors.webhookUrl?.message}
            hint={errors.webhookUrl ? undefined : 'job.succeeded and job.failed events are POSTed here, signed with a secret shown once.'}
          >
            {(field) => (
              <Input
                id={field.id}
                type="url"
                placeholder="https://example.com/hooks/lumen"
                invalid={field.invalid}
                aria-describedby={field.describedBy}
                {...register('webhookUrl')}
              />
            )}
          </FormField>
        </div>
      </details>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Generating…' : 'Generate'}
        </Button>
      </div>
    </form>
  );
}

/** Today as a date input's value (YYYY-MM-DD, the browser's time zone). */
function todayInputValue(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
