import type { ItemSentence, ItsFunction, PartOfSpeech, WinkMethods } from 'wink-nlp';

/** A token as wink-nlp reads it: lower-case form, lemma, part of speech and whether a negation ('not', "n't", 'no') covers it. */
export type NlpToken = { text: string; normal: string; lemma: string; pos: PartOfSpeech; negated: boolean; isWord: boolean };
/** A named entity wink-nlp found in a sentence, e.g. { value: 'next Tuesday', type: 'DATE' }. */
export type NlpEntity = { value: string; type: string };
/** A sentence with wink-nlp's sentiment (-1..1, negation-aware), its tokens and entities. */
export type NlpSentence = { text: string; sentiment: number; tokens: NlpToken[]; entities: NlpEntity[] };

let instance: WinkMethods | null = null;
let loading: Promise<void> | null = null;

/**
 * Loads wink-nlp and its English model (some 30 MB in memory) once per process, in the process that analyses a call
 * rather than in every process that imports the engines. readSentences needs it done.
 */
export function loadNlp(): Promise<void> {
  loading ??= Promise.all([import('wink-nlp'), import('wink-eng-lite-web-model')]).then(([wink, model]) => {
    instance = wink.default(model.default);
  });
  return loading;
}

function nlp(): WinkMethods {
  if (!instance) throw new Error('readSentences: await loadNlp() first');
  return instance;
}

// wink's typings give `its.lemma` and `its.stem` a signature `out()` does not accept; at run time they are alike.
function column<T>(sentence: ItemSentence, its: unknown): T[] {
  return sentence.tokens().out(its as ItsFunction<T>) as T[];
}

/** Splits a text into sentences with wink-nlp (abbreviations and decimals kept whole) and reads each one. */
export function readSentences(text: string): NlpSentence[] {
  const { its } = nlp();
  const sentences: NlpSentence[] = [];
  nlp()
    .readDoc(text)
    .sentences()
    .each((sentence: ItemSentence) => {
      const values: string[] = sentence.tokens().out();
      const normals = column<string>(sentence, its.normal);
      const lemmas = column<string>(sentence, its.lemma);
      const pos = column<PartOfSpeech>(sentence, its.pos);
      const negated = column<boolean>(sentence, its.negationFlag);
      const types = column<string>(sentence, its.type);
      sentences.push({
        text: sentence.out().trim(),
        sentiment: Number(sentence.out(its.sentiment)) || 0,
        tokens: values.map((value, i) => ({
          text: value,
          normal: normals[i] ?? value.toLowerCase(),
          lemma: (lemmas[i] ?? value).toLowerCase(),
          pos: pos[i] ?? 'X',
          negated: negated[i] ?? false,
          isWord: types[i] === 'word' || types[i] === 'number',
        })),
        entities: sentence.entities().out(its.detail) as unknown as NlpEntity[],
      });
    });
  return sentences.filter((sentence) => sentence.text !== '');
}
