import { count } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { postValues } from './blog.service.ts';
import { blogPosts } from './tables.ts';

type SeedPost = { title: string; slug: string; excerpt: string; tags: string[]; publishAt: string; seoDescription: string; body: string };

/** Three articles so a fresh install's blog is not empty; admins edit or delete them like any other. */
export const seedPosts: SeedPost[] = [
  {
    title: 'Product photos that sell: a practical guide to AI Background',
    slug: 'product-photos-that-sell-ai-background',
    excerpt:
      'Cut out your product, drop it on a clean studio backdrop and export a catalogue-ready image in seconds — without a photo studio.',
    tags: ['ai background', 'e-commerce', 'guides'],
    publishAt: '2026-09-02T09:00:00Z',
    seoDescription: 'How to turn phone snapshots into clean, consistent product photos with Lumen Studio AI Background.',
    body: `A good product photo does one job: it shows the product and nothing else. Most of us, though, shoot on a kitchen table with a cable, a mug and half a window in the frame. **AI Background** fixes exactly that, and because it is unlimited on every plan you can use it on your whole catalogue.

## How it works

When you upload a picture, Lumen Studio separates the subject from everything around it with a segmentation model that runs on our own servers. You get a cut-out with soft, natural edges — hair, fur and glass included — and then choose what goes behind it:

- **Transparent**, for marketplaces and design tools that add their own backdrop;
- **A solid colour**, for a consistent catalogue (white for most shops, a brand colour for social media);
- **A generated scene**, described in a few words such as "light oak table, soft morning light".

## Shooting tips that make the cut-out better

1. **Fill the frame.** The model works on the pixels you give it; a product that covers half the picture keeps far more detail than one lost in a corner.
2. **Keep some contrast.** A white mug on a white sheet is hard for any model. Put it on something darker and the edge is crisp.
3. **Light from the side.** Soft side light gives shape and a shadow the scene mode can keep.
4. **Use a sharp picture.** Blur stays blur: the tool removes the background, not camera shake.

## A catalogue in an afternoon

Upload your photos one after another from the tool page, or automate it with the API: create an API key on *Account › API management*, upload each file to \`/uploads\`, create an \`ai-background\` job and download the result when it has succeeded. Every job appears in your **Result library**, so you can come back to a picture later.

## What it costs

Nothing. AI Background is unlimited on every plan, including the free Starter plan. Paid credit packages add unlimited downloads of full-resolution results.

Try it on the three worst photos on your phone — you will be surprised how little a good product photo needs.`,
  },
  {
    title: 'From one photo to a time-lapse: behind Speed Painting',
    slug: 'behind-speed-painting',
    excerpt:
      'Speed Painting turns a still image into a video that paints it stroke by stroke. Here is what happens between upload and the final frame.',
    tags: ['speed painting', 'video', 'behind the scenes'],
    publishAt: '2026-09-23T09:00:00Z',
    seoDescription:
      'How Lumen Studio Speed Painting renders a stroke-by-stroke painting video from a single photo, and how to get the best result.',
    body: `Time-lapse painting videos are some of the most watched clips on social media, and they take an artist hours to record. **Speed Painting** gives you the same effect from a single image in a couple of minutes.

## What the engine does

The video is not a filter laid over your picture. The engine studies the image first — where the large shapes are, where the edges and the fine detail are — and plans the painting the way an artist would:

1. **Block-in.** Broad, loose strokes lay down the main colours of each area.
2. **Shapes.** Medium strokes follow the edges and turn flat areas into forms.
3. **Detail.** Small strokes go where the picture is busiest: eyes, text, leaves, highlights.
4. **Reveal.** The last seconds blend into the original, so the video ends on your exact image.

Each stroke is drawn into a frame, and the frames are encoded as an MP4 you can post straight away.

## Choosing a good picture

- **Clear subjects work best.** A portrait, a product or a landmark reads well as it appears; a crowded street scene looks busy until the very end.
- **Strong colours are more fun to watch.** A sunset builds up beautifully; a grey sky does not.
- **Square or vertical** pictures fit social feeds without cropping.

## Cost and downloads

A Speed Painting video costs **5 credits**. You can watch the preview of every result on the free plan; downloading the full video needs credits from a package. Your videos stay in the **Result library**, and you can publish the best ones to the community gallery for others to enjoy.

Try it with a photo of your pet — it is the most satisfying thing we have built.`,
  },
  {
    title: 'Six tools, one credit balance: how Lumen Studio pricing works',
    slug: 'six-tools-one-credit-balance',
    excerpt:
      'Image generation, virtual try-on, sales pilot, sound generation and more — one balance pays for all of them. Here is how far your credits go.',
    tags: ['pricing', 'credits', 'image generation', 'virtual try-on', 'sales pilot', 'sound generation'],
    publishAt: '2026-10-14T09:00:00Z',
    seoDescription:
      'How Lumen Studio credits work across image generation, virtual try-on, speed painting, sales pilot and sound generation.',
    body: `We built Lumen Studio for people who need a bit of everything: a product photo today, a jingle tomorrow, a sales call review on Friday. Paying a separate subscription for each would be absurd, so there is **one credit balance** for all six tools.

## What each tool costs

| Tool | Credits per use |
| --- | --- |
| AI Background | unlimited |
| Image Generator | 1 |
| Sales Pilot | 1 |
| Virtual Try-On | 2 |
| Sound Generator | 2 |
| Speed Painting | 5 |

So 20 credits are twenty generated images, ten try-ons, or four speed-painting videos — or any mix of them.

## The tools in one line each

- **Image Generator** turns a written prompt into a picture; browse *Prompt search* for prompts that already work.
- **Virtual Try-On** dresses a model photo in a garment photo, for shops that want to show clothes on people without a shoot.
- **Sales Pilot** reads the transcript of a sales call and tells you what went well, what the customer objected to and what to do next.
- **Sound Generator** makes short sound effects and music beds from a description.
- **Speed Painting** and **AI Background** are described in their own articles on this blog.

## Credits are charged fairly

A job is charged when it starts, in the same step that records it, so two clicks can never spend the same credit twice. If a job fails for good, its credits come back automatically — once. Your balance and every movement are listed under *Account › Billing*.

## Start free, then top up once or every month

Every new account gets **5 free credits**. When you need more, buy a one-time credit package, by card or, for larger packages, by cryptocurrency; or, if you create every week, take a monthly plan that adds fresh credits every month and can be cancelled anytime. Both fill the same balance, and credits never expire. And if you share Lumen Studio on social media or write to us through the contact page, we are happy to add **free credits** to your account.`,
  },
];

/** Inserts the example articles on a fresh database (an empty blog); later deletions stay deleted unless the blog is emptied. */
export async function seedBlogPosts(db: Db): Promise<void> {
  const [existing] = await db.select({ total: count() }).from(blogPosts);
  if (existing?.total) return;
  await db
    .insert(blogPosts)
    .values(
      seedPosts.map((post) => ({
        ...postValues(
          {
            title: post.title,
            slug: post.slug,
            excerpt: post.excerpt,
            body: post.body,
            tags: post.tags,
            authorName: 'The Lumen Studio team',
            status: 'published',
            publishAt: post.publishAt,
            seoTitle: post.title.slice(0, 70),
            seoDescription: post.seoDescription,
            coverImage: null,
          },
          new Date(post.publishAt),
        ),
      })),
    )
    .onConflictDoNothing();
}
