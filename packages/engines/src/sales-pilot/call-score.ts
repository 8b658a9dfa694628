import type { SalesReport, SalesScoreReason } from '@lumen/core/services/sales-report';

const percent = (share: number) => `${Math.round(share * 100)} %`;

/**
 * The call's score, 0..100, from five criteria with their reasons: the seller's talk share (ideal
 * 35–55 %), discovery questions (open ones count more), objections answered, a concrete next step,
 * and how sentiment ends. A criterion that cannot be judged (one speaker only) is left out.
 */
export function scoreCall(report: Omit<SalesReport, 'score'>): SalesReport['score'] {
  const reasons: SalesScoreReason[] = [];
  const seller = report.speakers.find((speaker) => speaker.isSeller) ?? null;

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

  const askers = seller ? [seller] : report.speakers;
  const open = askers.reduce((sum, s) => sum + s.openQuestions, 0);
  const closed = askers.reduce((sum, s) => sum + s.closedQuestions, 0);
  const discovery = Math.min(25, Math.round(open * 4 + closed * 1.5));
  reasons.push({
    criterion: 'discovery',
    points: discovery,
    maxPoints: 25,
    good: discovery >= 15,
    detail: `${seller ? seller.name : 'The call'} asked ${open + closed} question${open + closed === 1 ? '' : 's'} (${open} open, ${closed} closed)${
      discovery >= 15
        ? ': good discovery.'
        : open === 0
          ? '; open questions (what, how, why) would uncover more needs.'
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

  const dated = report.nextSteps.find((step) => step.due);
  const nextPoints = dated ? 20 : report.nextSteps.length > 0 ? 12 : 0;
  reasons.push({
    criterion: 'next-steps',
    points: nextPoints,
    maxPoints: 20,
    good: nextPoints === 20,
    detail: dated
      ? `Clear next step with a time: “${dated.text}”`
      : report.nextSteps.length > 0
        ? 'A next step was mentioned but without a date; agree on when.'
        : 'No next step was agreed; end with a concrete commitment and date.',
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
  const verdict = value >= 80 ? 'Strong call' : value >= 60 ? 'Solid call with room to improve' : value >= 40 ? 'Needs work' : 'Weak call';
  return { value, verdict, reasons };
}
