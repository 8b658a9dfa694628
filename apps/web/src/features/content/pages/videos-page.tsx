import { Link } from 'react-router';
import { ExternalLink, PlayCircle } from 'lucide-react';
import type { TutorialVideo } from '@lumen/core/content/videos';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { SpeedpaintingExampleVideo } from '@/components/speedpainting-example-video.tsx';
import { serviceByKey, services } from '@/lib/service-details.ts';
import { useTutorialVideosQuery } from '../api/tutorial-videos.ts';

function VideoCard({ video }: { video: TutorialVideo }) {
  return (
    <article className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {video.embedUrl ? (
        <iframe
          src={video.embedUrl}
          title={video.title}
          className="aspect-video w-full"
          loading="lazy"
          allow="accelerometer; encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        />
      ) : (
        <a
          href={video.url}
          target="_blank"
          rel="noopener noreferrer"
          className="flex aspect-video w-full items-center justify-center bg-slate-900 text-white hover:bg-slate-800"
        >
          <PlayCircle className="h-12 w-12" aria-hidden="true" />
          <span className="sr-only">Watch {video.title} (opens in a new tab)</span>
        </a>
      )}
      <div className="p-4">
        <h3 className="font-semibold text-slate-900">{video.title}</h3>
        {video.durationLabel && <p className="text-xs text-slate-500">{video.durationLabel}</p>}
        {video.description && <p className="mt-1 text-sm text-slate-600">{video.description}</p>}
        {!video.embedUrl && (
          <a
            href={video.url}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            Watch <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
          </a>
        )}
      </div>
    </article>
  );
}

/** /resources/videos: tutorial videos per tool (edited by admins on /admin/blog); a tool without one points to its guide. */
export function VideosPage() {
  const speedpainting = serviceByKey('speedpainting');
  const { data, isPending, isError, refetch } = useTutorialVideosQuery();
  return (
    <PageContainer>
      <PageHeader
        eyebrow="Resources"
        title="Video tutorials"
        description="Short walkthroughs of every Lumen Studio tool: what to upload, which settings matter, and how to get a result worth sharing."
      />
      <section
        aria-labelledby="engine-video-heading"
        className="mb-12 grid items-start gap-6 rounded-2xl border border-slate-200 bg-white p-5 md:grid-cols-[3fr_2fr]"
      >
        <SpeedpaintingExampleVideo />
        <div>
          <h2 id="engine-video-heading" className="text-xl font-semibold text-slate-900">
            A real speed-painting video
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            Rendered by the built-in Speed Painting engine from one landscape picture, stroke by stroke, exactly as a job returns it. Upload
            your own picture to get one like it.
          </p>
          <Link to={speedpainting.toolPath} className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">
            Try Speed Painting
          </Link>
        </div>
      </section>
      {isPending ? (
        <Spinner label="Loading videos…" />
      ) : isError ? (
        <ErrorState message="Failed to load the videos" onRetry={() => void refetch()} />
      ) : (
        <div className="space-y-12">
          {services.map((service) => {
            const videos = data.filter((video) => video.service === service.key);
            return (
              <section key={service.key} aria-labelledby={`videos-${service.key}`}>
                <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
                  <h2 id={`videos-${service.key}`} className="flex items-center gap-2 text-xl font-semibold text-slate-900">
                    <service.icon className="h-5 w-5 text-brand-600" aria-hidden="true" /> {service.name}
                  </h2>
                  <Link to={service.productPath} className="text-sm font-medium text-brand-700 hover:underline">
                    About {service.name}
                  </Link>
                </div>
                {videos.length > 0 ? (
                  <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                    {videos.map((video) => (
                      <VideoCard key={video.id} video={video} />
                    ))}
                  </div>
                ) : (
                  <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-center">
                    <img
                      src={`/main/bg/${service.image}.jpg`}
                      alt=""
                      className="h-24 w-full rounded-xl object-cover sm:w-40"
                      loading="lazy"
                    />
                    <div>
                      <p className="font-medium text-slate-900">{service.tagline}</p>
                      <p className="mt-1 text-sm text-slate-600">
                        {service.description} The video walkthrough is being recorded; until then the{' '}
                        <Link to={service.productPath} className="text-brand-700 underline">
                          product page
                        </Link>{' '}
                        shows real examples and the{' '}
                        <Link to="/company/blogs" className="text-brand-700 underline">
                          blog
                        </Link>{' '}
                        has step-by-step guides.
                      </p>
                    </div>
                  </div>
                )}
              </section>
            );
          })}
        </div>
      )}
    </PageContainer>
  );
}
