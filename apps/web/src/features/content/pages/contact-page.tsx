import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Gift, LifeBuoy, Mail } from 'lucide-react';
import type { z } from 'zod';
import { CONTACT_SENT_MESSAGE, contactBodySchema, contactLimits } from '@lumen/core/content/contact';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { useAuth } from '@/features/auth/api/auth-context.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

type FormInput = z.input<typeof contactBodySchema>;
type FormOutput = z.output<typeof contactBodySchema>;

const topics = [
  {
    icon: LifeBuoy,
    title: 'Help with a tool or a result',
    text: 'Tell us which tool, what you uploaded and what you expected; a job id from the result library helps.',
  },
  {
    icon: Mail,
    title: 'Billing, refunds and invoices',
    text: 'Purchases come with a 30-day money-back guarantee. Mention the order or invoice number.',
  },
  {
    icon: Gift,
    title: 'FREE CREDITS',
    text: 'Shared Lumen Studio on social media? Send us the link from the e-mail of your account and we add free credits to it.',
  },
];

/** /contact: the message goes to the support team, who answer by e-mail. */
export function ContactPage() {
  const { user } = useAuth();
  const send = useSendContactMessage();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(contactBodySchema),
    defaultValues: { name: user ? `${user.firstName} ${user.lastName}`.trim() : '', email: user?.email ?? '', subject: '', message: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send.mutateAsync(values);
      setSent(true);
      reset({ ...values, subject: '', message: '' });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['name', 'email', 'subject', 'message']))
        setFailure(errorMessage(error, 'Could not send your message; please try again.'));
    }
  });

  const messageLength = (watch('message') ?? '').length;
  return (
    <PageContainer>
      <PageHeader
        eyebrow="Company"
        title="Contact us"
        description="Questions about credits, a refund, a partnership, or the API? Tell us — and sharing Lumen Studio or getting in touch can earn you FREE CREDITS."
      />
      <div className="grid gap-8 lg:grid-cols-[1fr_2fr]">
        <aside className="space-y-4">
          {topics.map((topic) => (
            <div key={topic.title} className="rounded-2xl border border-slate-200 bg-white p-5">
              <h2 className="flex items-center gap-2 font-semibold text-slate-900">
                <topic.icon className="h-5 w-5 text-brand-600" aria-hidden="true" /> {topic.title}
              </h2>
              <p className="mt-1 text-sm text-slate-600">{topic.text}</p>
            </div>
          ))}
          <p className="text-sm text-slate-600">
            Developers: the{' '}
            <Link to="/resources/open-api" className="text-brand-700 underline">
              API reference
            </Link>{' '}
            answers most integration questions.
          </p>
        </aside>
        <section aria-labelledby="contact-form-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="contact-form-title" className="text-lg font-semibold text-slate-900">
            Send us a message
          </h2>
          {sent && (
            <p role="status" className="mt-4 flex items-start gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800">
              <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" /> {CONTACT_SENT_MESSAGE}
            </p>
          )}
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
            <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
            <TextField label="E-mail" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
            <div className="sm:col-span-2">
              <TextField label="Subject" error={errors.subject?.message} {...register('subject')} />
            </div>
            <div className="sm:col-span-2">
              <FormField label="Message" error={errors.message?.message} hint={`${messageLength}/${contactLimits.messageMax}`}>
                {(field) => (
                  <Textarea id={field.id} invalid={field.invalid} aria-describedby={field.describedBy} rows={7} {...register('message')} />
                )}
              </FormField>
            </div>
            {failure && (
              <p role="alert" className="text-sm text-red-700 sm:col-span-2">
                {failure}
              </p>
            )}
            <div className="sm:col-span-2">
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Sending…' : 'Send message'}
              </Button>
            </div>
          </form>
        </section>
      </div>
    </PageContainer>
  );
}
