import { Headphones, Lock, ShieldCheck } from 'lucide-react';

const trustNotes = [
  { icon: ShieldCheck, text: '30-day money-back guarantee' },
  { icon: Lock, text: 'Secure payment processing' },
  { icon: Headphones, text: '24/7 customer support' },
];

export function TrustNotes() {
  return (
    <ul className="mt-12 grid gap-4 sm:grid-cols-3" aria-label="Our promises">
      {trustNotes.map((note) => (
        <li key={note.text} className="flex items-center gap-3 rounded-xl bg-slate-50 p-4 text-sm font-medium text-slate-800">
          <note.icon className="h-5 w-5 text-brand-600" aria-hidden="true" /> {note.text}
        </li>
      ))}
    </ul>
  );
}
