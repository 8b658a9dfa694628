import type { ItsFunction, PartOfSpeech, WinkMethods } from 'wink-nlp';

/** A word of the prompt as wink-nlp reads it: lower-case form and part of speech. */
export type TaggedWord = { word: string; pos: PartOfSpeech };

let loading: Promise<WinkMethods> | undefined;

/** wink-nlp and its English model (already used by the sales pilot), loaded once, on the first picture. */
function tagger(): Promise<WinkMethods> {
  loading ??= Promise.all([import('wink-nlp'), import('wink-eng-lite-web-model')]).then(([wink, model]) => wink.default(model.default));
  return loading;
}

/** The prompt's words and numbers with their parts of speech; punctuation and symbols are dropped. */
export async function tagWords(text: string): Promise<TaggedWord[]> {
  const nlp = await tagger();
  const tokens = nlp.readDoc(text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')).tokens();
  const normals = tokens.out(nlp.its.normal as ItsFunction<string>) as string[];
  const tags = tokens.out(nlp.its.pos as ItsFunction<PartOfSpeech>) as PartOfSpeech[];
  // 't-rex' and 'ice-cream' are read as the phrases 't rex' and 'ice cream'.
  return normals
    .flatMap((word, i) => word.split('-').map((part) => ({ word: part, pos: tags[i]! })))
    .filter(({ word, pos }) => pos !== 'PUNCT' && pos !== 'SYM' && /^[a-z0-9][a-z0-9']*$/.test(word));
}
