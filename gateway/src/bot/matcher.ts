import Fuse from 'fuse.js';
import type { Faq, FaqLanguage } from '@pp/fixtures';
import { tokenize } from './language.ts';

/** Fuse score (0 exact … 1 unrelated) up to which a typed word counts as a known word. */
const WORD_THRESHOLD = 0.34;
/** Share of the question's weight that must match for an answer to be given. */
const MIN_SCORE = 0.45;

export interface Match {
  id: number;
  score: number;
}

/**
 * Finds the FAQ a question is about, per language: every typed word is looked up fuzzily (Fuse.js)
 * in the FAQ vocabulary, so typos are forgiven; matched words count by how rare they are (IDF),
 * whatever their order.
 */
export class FaqMatcher {
  private readonly docs: { id: number; terms: Set<string> }[];
  private readonly idf = new Map<string, number>();
  private readonly vocabulary: Fuse<string>;
  /** What a word the FAQs never use weighs. */
  private readonly averageIdf: number;

  constructor(
    faqs: Faq[],
    private readonly language: FaqLanguage,
  ) {
    this.docs = faqs.map((f) => ({
      id: f.id,
      terms: new Set([f.question[language], ...f.utterances[language]].flatMap((t) => tokenize(t, language))),
    }));
    const df = new Map<string, number>();
    for (const d of this.docs) for (const t of d.terms) df.set(t, (df.get(t) ?? 0) + 1);
    for (const [term, count] of df) this.idf.set(term, Math.log(1 + this.docs.length / count));
    this.averageIdf = [...this.idf.values()].reduce((a, b) => a + b, 0) / Math.max(1, this.idf.size);
    this.vocabulary = new Fuse([...df.keys()], {
      includeScore: true,
      threshold: WORD_THRESHOLD,
      ignoreLocation: true,
      minMatchCharLength: 2,
    });
  }

  /** Known words a typed word may mean, with their similarity (1 = the same word). */
  private meanings(word: string): { term: string; similarity: number }[] {
    if (this.idf.has(word)) return [{ term: word, similarity: 1 }];
    return this.vocabulary
      .search(word, { limit: 3 })
      .map((r) => ({ term: r.item, similarity: 1 - (r.score ?? 1) }))
      .filter((m) => m.similarity >= 1 - WORD_THRESHOLD);
  }

  best(text: string): Match | null {
    const words = tokenize(text, this.language);
    if (words.length === 0) return null;
    const meanings = words.map((w) => this.meanings(w));
    // A word we do not know at all still weighs in, so "register" alone beats a long off-topic question.
    const totalWeight = meanings.reduce(
      (sum, m) => sum + (m.length ? Math.max(...m.map((x) => this.idf.get(x.term)!)) : this.averageIdf),
      0,
    );
    let best: Match | null = null;
    for (const doc of this.docs) {
      let matched = 0;
      for (const options of meanings) {
        const hits = options.filter((o) => doc.terms.has(o.term)).map((o) => o.similarity * this.idf.get(o.term)!);
        if (hits.length) matched += Math.max(...hits);
      }
      const score = matched / totalWeight;
      if (!best || score > best.score) best = { id: doc.id, score };
    }
    return best && best.score >= MIN_SCORE ? best : null;
  }
}
