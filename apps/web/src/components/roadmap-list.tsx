import { CalendarClock, Languages, Layers, Users } from 'lucide-react';

/** What is being built next: /coming-soon and /dashboard/coming-soon show the same list. */
const roadmap = [
  {
    icon: Layers,
    title: 'Batch processing',
    text: 'Run AI Background or Virtual Try-On on a whole folder of photos in one go, with one download at the end.',
  },
  { icon: Users, title: 'Team workspaces', text: 'Share one credit balance with your team, with roles and a shared result library.' },
  { icon: Languages, title: 'More languages', text: 'Sales Pilot reports and the studio itself in Spanish, German and French.' },
  {
    icon: CalendarClock,
    title: 'Scheduled jobs',
    text: 'Queue jobs through the API to run at a set time, with a webhook when they finish.',
  },
];

export function RoadmapList() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {roadmap.map((item) => (
        <li key={item.title} className="rounded-2xl border border-slate-200 bg-white p-5">
          <h2 className="flex items-center gap-2 font-semibold text-slate-900">
            <item.icon className="h-5 w-5 text-brand-600" aria-hidden="true" /> {item.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
