import { FileText } from 'lucide-react';
import type { CommunityPost } from '@lumen/core/community/schemas';
import { serviceNames } from '@lumen/core/services/catalogue';

/** The shared picture, video or sound; a report result shows its tool instead. */
export function PostMedia({ post }: { post: Pick<CommunityPost, 'media' | 'service' | 'title' | 'prompt'> }) {
  const frame = 'flex aspect-square w-full items-center justify-center overflow-hidden rounded-lg bg-slate-100';
  const label = post.title ?? post.prompt.slice(0, 80);
  const { media } = post;
  if (!media.url || media.kind === 'report') {
    return (
      <div className={`${frame} flex-col gap-2`}>
        <FileText className="h-8 w-8 text-brand-600" aria-hidden="true" />
        <span className="text-sm text-slate-600">{serviceNames[post.service]} report</span>
      </div>
    );
  }
  if (media.kind === 'video') {
    return (
      <div className={frame}>
        <video src={media.url} controls preload="metadata" className="h-full w-full object-contain" aria-label={`Video: ${label}`} />
      </div>
    );
  }
  if (media.kind === 'audio') {
    return (
      <div className={`${frame} px-3`}>
        <audio src={media.url} controls preload="none" className="w-full" aria-label={`Sound: ${label}`} />
      </div>
    );
  }
  return (
    <div className={frame}>
      <img src={media.url} alt={label} className="h-full w-full object-contain" loading="lazy" />
    </div>
  );
}
