/** Lower-case word tokens (letters, digits, apostrophes inside words), for topics. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];
}

/** Words as a reader counts them: runs between spaces that hold a letter or a digit ("don't", '$20k' and 'e-mail' are one each). */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/** English function words and conversational filler that are never topics. */
export const stopWords: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before being below
  between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each few for
  from further had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him himself his
  how how's i i'd i'll i'm i've if in into is isn't it it's its itself let's me more most mustn't my myself no nor not of
  off on once only or other ought our ours ourselves out over own same shan't she she'd she'll she's should shouldn't
  so some such than that that's the their theirs them themselves then there there's these they they'd they'll they're
  they've this those through to too under until up very was wasn't we we'd we'll we're we've were weren't what what's
  when when's where where's which while who who's whom why why's will with won't would wouldn't you you'd you'll you're
  you've your yours yourself yourselves yeah yes yep okay ok oh um uh hmm like just really actually basically well
  right sure so know think mean get got go going gonna want wanna kind sort thing things stuff lot lots bit good great
  thanks thank hi hello hey morning afternoon able maybe probably definitely totally absolutely one two three first
  also still even much many way make made say said see look looking come take tell talk talking back now today time
  something anything everything nothing someone anyone guys guy let us need needs use using used work works working
  sounds sound makes doing done does quite pretty fine across run day days week weeks honestly can't i'd there'd
  per via etc send sends sent sending call calls called calling chat question questions minute minutes second seconds
  hour hours sense point points idea ideas folks people everyone everybody somebody somewhere bunch couple whole part
  kind example case side end start place number numbers percent dollar dollars month months year years quarter
  quarters tomorrow yesterday monday tuesday wednesday thursday friday saturday sunday january february march april
  may june july august september october november december`.split(/\s+/),
);
