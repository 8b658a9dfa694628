import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft, ExternalLink, ImagePlus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { blogLimits, postBodySchema, slugify } from '@lumen/core/content/blog';
import { readingTimeLabel } from '@lumen/core/content/reading-time';
import type { AdminPost, PostBody, PostStatus } from '@lumen/core/content/blog';
import { markdownToPlainText } from '@lumen/core/content/markdown';
import { readingTimeMinutes } from '@lumen/core/content/reading-time';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { TextareaField } from '@/components/ui/textarea-field.tsx';
import { errorMessage, isApiError } from '@/lib/api-client.ts';
import { useAdminPostQuery, useDeletePost, useSavePost, useUploadCover } from '../api/admin-blog-posts.ts';
import { MarkdownPreview } from './markdown-preview.tsx';
import { PostStatusBadge } from './post-status-badge.tsx';

type Draft = {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  tags: string;
  authorName: string;
  publishAt: string;
  seoTitle: string;
  seoDescription: string;
  coverImage: string | null;
  coverImageUrl: string | null;
};
type Errors = Partial<Record<keyof Draft | 'status', string>>;

const emptyDraft: Draft = {
  title: '',
  slug: '',
  excerpt: '',
  body: '',
  tags: '',
  authorName: 'The Lumen Studio team',
  publishAt: '',
  seoTitle: '',
  seoDescription: '',
  coverImage: null,
  coverImageUrl: null,
};

/** datetime-local value (local time, minutes) <-> ISO. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

function draftOf(post: AdminPost): Draft {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    body: post.body,
    tags: post.tags.join(', '),
    authorName: post.authorName,
    publishAt: toLocalInput(post.publishAt),
    seoTitle: post.seoTitle,
    seoDescription: post.seoDescription,
    coverImage: post.coverImage,
    coverImageUrl: post.coverImageUrl,
  };
}

function bodyOf(draft: Draft, status: PostStatus): PostBody {
  return {
    title: draft.title,
    slug: draft.slug,
    excerpt: draft.excerpt,
    body: draft.body,
    tags: draft.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    authorName: draft.authorName,
    status,
    publishAt: fromLocalInput(draft.publishAt),
    seoTitle: draft.seoTitle,
    seoDescription: draft.seoDescription,
    coverImage: draft.coverImage,
  };
}

/** /admin/blog/new and /admin/blog/{slug}: every field, a markdown editor with live preview, save draft or publish. */
export function AdminBlogEditorPage() {
  const { slug } = useParams();
  const query = useAdminPostQuery(slug);
  if (slug && query.isPending) return <Spinner label="Loading the article…" />;
  if (slug && query.isError) {
    return (
      <>
        <PageHeader eyebrow="Admin · Blog" title="Edit article" />
        {isApiError(query.error) && query.error.status === 404 ? (
          <EmptyState title="Article not found">
            No article has the slug “{slug}”.{' '}
            <Link to="/admin/blog" className="text-brand-700 underline">
              All articles
            </Link>
          </EmptyState>
        ) : (
          <ErrorState message="Failed to load the article" onRetry={() => void query.refetch()} />
        )}
      </>
    );
  }
  return <PostEditor key={query.data?.id ?? 'new'} post={query.data ?? null} />;
}

function PostEditor({ post }: { post: AdminPost | null }) {
  const navigate = useNavigate();
  const save = useSavePost();
  const remove = useDeletePost();
  const upload = useUploadCover();
  const [draft, setDraft] = useState<Draft>(post ? draftOf(post) : emptyDraft);
  const [errors, setErrors] = useState<Errors>({});
  const [slugEdited, setSlugEdited] = useState(Boolean(post));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!slugEdited) setDraft((current) => ({ ...current, slug: slugify(current.title) }));
  }, [draft.title, slugEdited]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const minutes = Math.max(1, readingTimeMinutes(markdownToPlainText(draft.body)));

  const submit = async (status: PostStatus) => {
    const body = bodyOf(draft, status);
    const parsed = postBodySchema.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'title') as keyof Errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      toast.error('Please fix the highlighted fields');
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ slug: post?.slug, body });
      toast.success(saved.status === 'published' ? (saved.isLive ? 'Article published' : 'Article scheduled') : 'Draft saved');
      if (!post || saved.slug !== post.slug) navigate(`/admin/blog/${saved.slug}`, { replace: true });
    } catch (error) {
      if (isApiError(error) && error.details?.length) {
        const next: Errors = {};
        for (const issue of error.details) next[issue.field.replace(/^body\./, '').split('.')[0] as keyof Errors] ??= issue.message;
        setErrors(next);
      }
      toast.error(errorMessage(error, 'Could not save the article'));
    }
  };

  const onCover = async (file: File | undefined) => {
    if (!file) return;
    try {
      const cover = await upload.mutateAsync(file);
      setDraft((current) => ({ ...current, coverImage: cover.coverImage, coverImageUrl: cover.coverImageUrl }));
      setErrors((current) => ({ ...current, coverImage: undefined }));
      toast.success('Cover image uploaded');
    } catch (error) {
      setErrors((current) => ({ ...current, coverImage: errorMessage(error, 'Could not upload the image') }));
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const isBusy = save.isPending || upload.isPending;
  return (
    <>
      <Link to="/admin/blog" className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All articles
      </Link>
      <PageHeader
        eyebrow="Admin · Blog"
        title={post ? 'Edit article' : 'New article'}
        description={post ? <PostStatusBadge post={post} /> : 'Write in markdown; the preview shows exactly what readers will see.'}
        actions={
          post?.isLive ? (
            <Button variant="outline" asChild>
              <Link to={`/company/blogs/${post.slug}`} target="_blank" rel="noopener">
                <ExternalLink className="h-4 w-4" aria-hidden="true" /> View
              </Link>
            </Button>
          ) : undefined
        }
      />
      <form
        noValidate
        className="grid gap-6 lg:grid-cols-[2fr_1fr]"
        onSubmit={(event) => {
          event.preventDefault();
          void submit('published');
        }}
      >
        <div className="space-y-4">
          <TextField
            label="Title"
            value={draft.title}
            error={errors.title}
            maxLength={blogLimits.titleMax}
            onChange={(event) => set('title', event.target.value)}
          />
          <TextField
            label="Slug"
            value={draft.slug}
            error={errors.slug}
            hint={`/company/blogs/${draft.slug || '…'}`}
            onChange={(event) => {
              setSlugEdited(true);
              set('slug', event.target.value);
            }}
          />
          <TextareaField
            label="Excerpt"
            error={errors.excerpt}
            hint="One or two sentences shown in lists."
            rows={2}
            value={draft.excerpt}
            onChange={(event) => set('excerpt', event.target.value)}
          />
          <div>
            <div className="mb-2 flex items-center justify-between gap-2">
              <div
                role="tablist"
                aria-label="Editor"
                className="inline-flex rounded-lg border border-slate-200 bg-slate-50 p-0.5 lg:hidden"
              >
                {(['write', 'preview'] as const).map((value) => (
                  <button
                    key={value}
                    type="button"
                    role="tab"
                    aria-selected={tab === value}
                    onClick={() => setTab(value)}
                    className={
                      tab === value ? 'rounded-md bg-white px-3 py-1 text-sm font-medium shadow-sm' : 'px-3 py-1 text-sm text-slate-600'
                    }
                  >
                    {value === 'write' ? 'Write' : 'Preview'}
                  </button>
                ))}
              </div>
              <p className="text-sm text-slate-500" aria-live="polite">
                {readingTimeLabel(minutes)}
              </p>
            </div>
            <div className="grid gap-4 xl:grid-cols-2">
              <div className={tab === 'preview' ? 'hidden lg:block' : undefined}>
                <TextareaField
                  label="Article (markdown)"
                  error={errors.body}
                  hint="## headings, **bold**, *italic*, - lists, [links](https://…), ![images](https://…), | tables |. Raw HTML is shown as text."
                  rows={22}
                  className="font-mono"
                  value={draft.body}
                  onChange={(event) => set('body', event.target.value)}
                />
              </div>
              <div className={tab === 'write' ? 'hidden lg:block' : undefined}>
                <p className="mb-1.5 text-sm font-medium text-slate-700">Live preview</p>
                <MarkdownPreview source={draft.body} label="Article preview" className="max-h-[44rem] overflow-y-auto" />
              </div>
            </div>
          </div>
        </div>
        <aside className="space-y-4">
          <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
            <TextField
              label="Publish date"
              type="datetime-local"
              value={draft.publishAt}
              error={errors.publishAt}
              hint="Empty: now, when you publish. A future date schedules the article."
              onChange={(event) => set('publishAt', event.target.value)}
            />
            <div className="flex flex-col gap-2">
              <Button type="submit" disabled={isBusy}>
                {save.isPending ? 'Saving…' : post?.status === 'published' ? 'Update published article' : 'Publish'}
              </Button>
              <Button type="button" variant="outline" disabled={isBusy} onClick={() => void submit('draft')}>
                {post?.status === 'published' ? 'Unpublish (back to draft)' : 'Save draft'}
              </Button>
              {post && (
                <Button type="button" variant="ghost" className="text-red-700" onClick={() => setConfirmDelete(true)}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
                </Button>
              )}
            </div>
          </div>
          <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
            <p className="text-sm font-medium text-slate-700">Cover image</p>
            {draft.coverImageUrl ? (
              <img src={draft.coverImageUrl} alt="Cover preview" className="aspect-[16/9] w-full rounded-lg object-cover" />
            ) : null}
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="sr-only"
              id="cover-file"
              onChange={(event) => void onCover(event.target.files?.[0])}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" size="sm" disabled={upload.isPending} onClick={() => fileInput.current?.click()}>
                <ImagePlus className="h-4 w-4" aria-hidden="true" />{' '}
                {upload.isPending ? 'Uploading…' : draft.coverImage ? 'Replace' : 'Upload'}
              </Button>
              {draft.coverImage && (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => setDraft((current) => ({ ...current, coverImage: null, coverImageUrl: null }))}
                >
                  Remove
                </Button>
              )}
            </div>
            <p className="text-xs text-slate-500">PNG, JPEG or WebP, at most 15 MB; stored as WebP up to 1600 px wide.</p>
            {errors.coverImage && (
              <p role="alert" className="text-sm text-red-600">
                {errors.coverImage}
              </p>
            )}
          </div>
          <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
            <TextField
              label="Tags"
              value={draft.tags}
              error={errors.tags}
              hint="Comma-separated, e.g. guides, image generation"
              onChange={(event) => set('tags', event.target.value)}
            />
            <TextField
              label="Author"
              value={draft.authorName}
              error={errors.authorName}
              onChange={(event) => set('authorName', event.target.value)}
            />
          </div>
          <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
            <TextField
              label="SEO title"
              value={draft.seoTitle}
              error={errors.seoTitle}
              hint={`${draft.seoTitle.length}/${blogLimits.seoTitleMax}; empty uses the title`}
              onChange={(event) => set('seoTitle', event.target.value)}
            />
            <TextareaField
              label="SEO description"
              error={errors.seoDescription}
              hint={`${draft.seoDescription.length}/${blogLimits.seoDescriptionMax}; empty uses the excerpt`}
              rows={3}
              value={draft.seoDescription}
              onChange={(event) => set('seoDescription', event.target.value)}
            />
          </div>
        </aside>
      </form>
      {post && (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Delete this article?"
          description={`“${post.title}” disappears from the blog for good.`}
          confirmLabel="Delete article"
          danger
          isPending={remove.isPending}
          onConfirm={() =>
            void remove.mutateAsync(post.slug).then(
              () => {
                toast.success('Article deleted');
                navigate('/admin/blog', { replace: true });
              },
              (error: unknown) => toast.error(errorMessage(error, 'Could not delete the article')),
            )
          }
        />
      )}
    </>
  );
}
