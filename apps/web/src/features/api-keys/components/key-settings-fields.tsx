import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { scheduleYears } from '@lumen/core/http/date-bounds';
import { serviceKeys, serviceNames } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { TextField } from '@/components/ui/text-field.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { DEFAULT_RATE_LIMIT, RATE_LIMIT_MAX } from '../api/api-key-messages.ts';
import { localDayOf } from './key-form-values.ts';
import type { KeyFormValues } from './key-form-values.ts';

/** A key's limits: rate limit, monthly cap, services, expiry and IP allow-list (the generate and the edit form). */
export function KeySettingsFields({ register, errors }: { register: UseFormRegister<KeyFormValues>; errors: FieldErrors<KeyFormValues> }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Rate limit (requests per minute)"
          error={errors.rateLimit?.message}
          hint={errors.rateLimit ? undefined : `Default ${DEFAULT_RATE_LIMIT}, at most ${RATE_LIMIT_MAX}.`}
          type="number"
          inputMode="numeric"
          min={1}
          max={RATE_LIMIT_MAX}
          {...register('rateLimit')}
        />
        <TextField
          label="Monthly credit cap"
          error={errors.monthlyCreditCap?.message}
          hint={errors.monthlyCreditCap ? undefined : 'Empty: no cap (your balance is the limit).'}
          type="number"
          inputMode="numeric"
          min={1}
          placeholder="No cap"
          {...register('monthlyCreditCap')}
        />
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
        <TextField
          label="Expires on"
          error={errors.expiresOn?.message}
          hint={errors.expiresOn ? undefined : 'Empty: never. The key stops working at the end of this day (your time).'}
          type="date"
          min={localDayOf(new Date())}
          max={`${scheduleYears.max}-12-31`}
          {...register('expiresOn')}
        />
        <TextareaField
          label="IP allow-list"
          error={errors.ipAllowList?.message}
          hint={
            errors.ipAllowList
              ? undefined
              : 'IPv4 or IPv6 addresses or CIDR ranges, one per line (203.0.113.0/24, 2001:db8::/32). Empty: any IP.'
          }
          rows={3}
          spellCheck={false}
          placeholder={'203.0.113.0/24\n2001:db8::/32'}
          className="font-mono"
          {...register('ipAllowList')}
        />
      </div>
    </>
  );
}
