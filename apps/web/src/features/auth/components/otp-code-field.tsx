import { ONE_TIME_CODE_LENGTH } from '@lumen/core/auth/one-time-code';
import type { InputProps } from '@/components/ui/input.tsx';
import { Input } from '@/components/ui/input.tsx';
import { cn } from '@/lib/cn.ts';

export const OTP_CODE_LENGTH = ONE_TIME_CODE_LENGTH;
export const OTP_CODE_MESSAGE = 'Please enter the 6-digit code';

/** Keeps the digits of a pasted or typed code (at most 6). */
export function normaliseOtpCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, OTP_CODE_LENGTH);
}

export function isOtpCode(value: string): boolean {
  return /^\d{6}$/.test(value);
}

/** A one-time code input: digits only, the phone's number pad, the browser's one-time-code autofill. */
export function OtpCodeInput({ className, ...props }: InputProps) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={OTP_CODE_LENGTH}
      placeholder="123456"
      className={cn('font-mono text-lg tracking-[0.4em]', className)}
      {...props}
    />
  );
}
