import { useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { tutorialVideoBodySchema } from '@lumen/core/content/videos';
import type { TutorialVideo } from '@lumen/core/content/videos';
import { serviceKeys, serviceNames } from '@lumen/core/services/catalogue';
import type { ServiceKey } from '@lumen/core/services/catalogue';
import { Button } from '@/components/ui/button.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useDeleteTutorialVideo, useSaveTutorialVideo, useTutorialVideosQuery } from '../api/tutorial-videos.ts';

type Draft = {
  id?: string;
  service: ServiceKey;
  title: string;
  description: string;
  url: string;
  durationLabel: string;
  sortOrder: string;
};
type Errors = Partial<Record<keyof Draft, string>>;
const blank: Draft = { service: 'ai-background', title: '', description: '', url: '', durationLabel: '', sortOrder: '0' };

function VideoForm({ initial, onDone }: { initial: Draft; onDone: () => void }) {
  const save = useSaveTutorialVideo();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = tutorialVideoBodySchema.safeParse({ ...draft, id: undefined, sortOrder: Number(draft.sortOrder) || 0 });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Draft] ??= issue.message;
      return setErrors(next);
    }
    try {
      await save.mutateAsync({ id: draft.id, body: parsed.data });
      toast.success(draft.id ? 'Video saved' : 'Video added');
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, 'Could not save the video'));
    }
  };
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Tutorial video"
      className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2"
    >
      <SelectField
        label="Tool"
        error={errors.service}
        value={draft.service}
        onChange={(event) => set('service', event.target.value as ServiceKey)}
      >
        {serviceKeys.map((key) => (
          <option key={key} value={key}>
            {serviceNames[key]}
          </option>
        ))}
      </SelectField>
      <TextField label="Video title" value={draft.title} error={errors.title} onChange={(event) => set('title', event.target.value)} />
      <TextField
        label="Video link"
        hint="https://; YouTube and Vimeo links play on the page"
        value={draft.url}
        error={errors.url}
        onChange={(event) => set('url', event.target.value)}
      />
      <TextField
        label="Length"
        placeholder="3:20"
        value={draft.durationLabel}
        error={errors.durationLabel}
        onChange={(event) => set('durationLabel', event.target.value)}
      />
      <TextField
        label="Description"
        value={draft.description}
        error={errors.description}
        onChange={(event) => set('description', event.target.value)}
      />
      <TextField
        label="Order"
        type="number"
        min={0}
        value={draft.sortOrder}
        error={errors.sortOrder}
        onChange={(event) => set('sortOrder', event.target.value)}
      />
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {draft.id ? 'Save video' : 'Add video'}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The list behind /resources/videos, edited here: the admin has no separate videos page. */
export function TutorialVideosAdmin() {
  const { data, isPending } = useTutorialVideosQuery();
  const remove = useDeleteTutorialVideo();
  const [editing, setEditing] = useState<Draft | null>(null);
  const draftOf = (video: TutorialVideo): Draft => ({ ...video, sortOrder: String(video.sortOrder) });
  return (
    <section aria-labelledby="videos-heading" className="mt-10 space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="videos-heading" className="text-xl font-semibold text-slate-900">
            Tutorial videos
          </h2>
          <p className="text-sm text-slate-600">Shown per tool on /resources/videos.</p>
        </div>
        {!editing && (
          <Button variant="outline" onClick={() => setEditing(blank)}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Add video
          </Button>
        )}
      </div>
      {editing && <VideoForm key={editing.id ?? 'new'} initial={editing} onDone={() => setEditing(null)} />}
      {isPending ? (
        <Spinner label="Loading videos…" />
      ) : !data?.length ? (
        <p className="text-sm text-slate-600">No videos yet; each tool shows its written guide until one is added.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {data.map((video) => (
            <li key={video.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{video.title}</p>
                <p className="truncate text-xs text-slate-500">
                  {serviceNames[video.service]} · {video.url}
                </p>
              </div>
              <div className="flex gap-1">
                <Button size="sm" variant="ghost" aria-label={`Edit ${video.title}`} onClick={() => setEditing(draftOf(video))}>
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove ${video.title}`}
                  onClick={() =>
                    void remove.mutateAsync(video.id).then(
                      () => toast.success('Video removed'),
                      (error: unknown) => toast.error(errorMessage(error, 'Could not remove the video')),
                    )
                  }
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
