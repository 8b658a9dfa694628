import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Gift, LifeBuoy, Mail } from 'lucide-react';
import type { UseFormSetError } from 'react-hook-form';
import type { ContactBody } from '@lumen/core/content/contact';
import { CONTACT_SENT_MESSAGE, contactLimits } from '@lumen/core/content/contact-rules';
import { Button } from '@/components/ui/button.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { useAuth } from '@/session/auth-context.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { applyServerFieldErrors } from '@/lib/form-errors.ts';
import { useSendContactMessage } from '../api/contact-messages.ts';

type Field = keyof ContactBody;
const fields: readonly Field[] = ['name', 'email', 'subject', 'message'];

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
  const [values, setValues] = useState<ContactBody>({ name: '', email: '', subject: '', message: '' });
  // A signed-in visitor's name and e-mail fill in once the session is known (after the server-rendered page hydrates),
  // unless they were already typed.
  useEffect(() => {
    if (!user) return;
    setValues((current) => ({
      ...current,
      name: current.name || `${user.firstName} ${user.lastName}`.trim(),
      email: current.email || user.email,
    }));
  }, [user]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const bind = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues({ ...values, [name]: event.target.value }),
  });
  const setFieldError: UseFormSetError<ContactBody> = (name, { message }) => setErrors((current) => ({ ...current, [name]: message }));

  // A plain form: the schema (and zod) load when the message is sent, not with the page.
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setSubmitting(true);
    try {
      const { contactBodySchema } = await import('@lumen/core/content/contact');
      const parsed = contactBodySchema.safeParse(values);
      if (!parsed.success) {
        const found: Partial<Record<Field, string>> = {};
        for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
        setErrors(found);
        return;
      }
      setErrors({});
      await send.mutateAsync(parsed.data);
      setSent(true);
      setValues({ ...values, subject: '', message: '' });
    } catch (error) {
      if (!applyServerFieldErrors(error, setFieldError, fields))
        setFailure(errorMessage(error, 'Could not send your message; please try again.'));
    } finally {
      setSubmitting(false);
    }
  };

  const messageLength = values.message.length;
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
            <TextField label="Name" autoComplete="name" error={errors.name} {...bind('name')} />
            <TextField label="E-mail" type="email" autoComplete="email" error={errors.email} {...bind('email')} />
            <div className="sm:col-span-2">
              <TextField label="Subject" error={errors.subject} {...bind('subject')} />
            </div>
            <div className="sm:col-span-2">
              <TextareaField
                label="Message"
                error={errors.message}
                hint={`${messageLength}/${contactLimits.messageMax}`}
                rows={7}
                {...bind('message')}
              />
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
