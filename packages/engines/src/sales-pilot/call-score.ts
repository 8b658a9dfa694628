import type { SalesReport, SalesScoreReason } from '@lumen/core/services/sales-report';
import type { CallReport } from './call-report.ts';

const percent = (share: number) => `${Math.round(share * 100)} %`;

/**
 * The call's score, 0..100, from five criteria with their reasons: the seller's talk share (ideal
 * 35–55 %), discovery questions (about the buyer's needs, pain, process, budget, timeline or decision),
 * objections answered, a next step with a date, and how sentiment ends. A criterion that cannot be judged
 * is left out: talk ratio without a seller; discovery and objections when no speaker is named.
 */
export function scoreCall(report: Omit<CallReport, 'score'>): SalesReport['score'] {
  const reasons: SalesScoreReason[] = [];
  const seller = report.speakers.find((speaker) => speaker.isSeller) ?? null;
  const identified = report.source.speakersIdentified;

  if (seller) {
    const share = seller.timeShare ?? seller.wordShare;
    const distance = share < 0.35 ? 0.35 - share : share > 0.55 ? share - 0.55 : 0;
    const points = Math.round(25 * Math.max(0, 1 - distance / 0.3));
    const measure = seller.timeShare === null ? 'of the words' : 'of the time';
    reasons.push({
      criterion: 'talk-ratio',
      points,
      maxPoints: 25,
      good: distance === 0,
      detail:
        distance === 0
          ? `${seller.name} spoke ${percent(share)} ${measure}: a balanced conversation (35–55 % is ideal for the seller).`
          : share > 0.55
            ? `${seller.name} spoke ${percent(share)} ${measure}; the buyer had little room (35–55 % is ideal for the seller).`
            : `${seller.name} spoke only ${percent(share)} ${measure}; the seller could lead more (35–55 % is ideal).`,
    });
  }

  if (identified) {
    const askers = seller ? [seller] : report.speakers;
    const asked = askers.reduce((sum, s) => sum + s.questions, 0);
    const open = askers.reduce((sum, s) => sum + s.openQuestions, 0);
    const discovery = askers.reduce((sum, s) => sum + s.discoveryQuestions, 0);
    const points = Math.min(25, Math.round(discovery * 5 + (asked - discovery) * 1.5));
    reasons.push({
      criterion: 'discovery',
      points,
      maxPoints: 25,
      good: points >= 15,
      detail: `${seller ? seller.name : 'The call'} asked ${asked} question${asked === 1 ? '' : 's'} (${open} open, ${asked - open} closed; ${discovery} about the buyer's needs, pains, process, budget, timeline or decision)${
        points >= 15
          ? ': good discovery.'
          : discovery === 0
            ? '; ask about needs, current process and pains to uncover more.'
            : '; more discovery would help.'
      }`,
    });

    const objections = report.objections;
    if (objections.length === 0) {
      reasons.push({
        criterion: 'objections',
        points: 14,
        maxPoints: 20,
        good: true,
        detail: 'No objections were raised; make sure concerns were not left unspoken.',
      });
    } else {
      const handled = objections.filter((o) => o.handled).length;
      const categories = [...new Set(objections.map((o) => o.category))].join(', ');
      reasons.push({
        criterion: 'objections',
        points: Math.round((20 * handled) / objections.length),
        maxPoints: 20,
        good: handled === objections.length,
        detail: `${handled} of ${objections.length} objection${objections.length === 1 ? '' : 's'} (${categories}) answered by the seller.`,
      });
    }
  }

  const dated = report.nextSteps.find((step) => step.due);
  reasons.push({
    criterion: 'next-steps',
    points: dated ? 20 : 0,
    maxPoints: 20,
    good: Boolean(dated),
    detail: dated
      ? `Clear next step with a time: “${dated.text}”`
      : 'No next step with a date was agreed; end with a concrete commitment and when.',
  });

  const segments = report.sentiment.segments;
  if (segments.length > 0) {
    const third = Math.max(1, Math.floor(segments.length / 3));
    const average = (list: typeof segments) => list.reduce((sum, s) => sum + s.score, 0) / list.length;
    const start = average(segments.slice(0, third));
    const end = average(segments.slice(-third));
    const value = Math.max(0, Math.min(1, 0.5 + report.sentiment.overall * 0.5 + (end - start) * 0.5));
    const points = Math.round(10 * value);
    reasons.push({
      criterion: 'sentiment',
      points,
      maxPoints: 10,
      good: points >= 6,
      detail:
        end >= start
          ? `Sentiment ${end - start > 0.05 ? 'rose' : 'held'} over the call (overall ${report.sentiment.overall.toFixed(2)}).`
          : `Sentiment fell toward the end (overall ${report.sentiment.overall.toFixed(2)}).`,
    });
  }

  const earned = reasons.reduce((sum, r) => sum + r.points, 0);
  const possible = reasons.reduce((sum, r) => sum + r.maxPoints, 0);
  const value = Math.round((100 * earned) / possible);
  const grade = value >= 80 ? 'Strong call' : value >= 60 ? 'Solid call with room to improve' : value >= 40 ? 'Needs work' : 'Weak call';
  const verdict = identified ? grade : `${grade}, judged on next steps and sentiment only (speakers not identified)`;
  return { value, verdict, reasons };
}
