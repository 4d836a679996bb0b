// A web-transactions test's round as its script walks it: the target's home page, then sign-in,
// then the dashboard, one after the other (a failed round stops at the first). Each page has its
// HAR, drawn like a page load's; a page's duration is its load time and the transaction time
// their sum, so the results list, the round's pages and each page's waterfall tell one story.
import type { Har } from '../../../api/types';
import type { EnterpriseRound } from '../../world/enterprise-results';
import { pageHar } from './page-har';

type Json = Record<string, unknown>;

const STEPS = [
  { path: '', name: 'Home' },
  { path: 'login', name: 'Sign in' },
  { path: 'dashboard', name: 'Dashboard' },
] as const;

export interface TransactionPage {
  pageNum: number;
  pageName: string;
  componentCount: number;
  errorCount: number;
  duration: number;
  har: Har;
}

export function transactionPages(round: EnterpriseRound): TransactionPage[] {
  const pages: TransactionPage[] = [];
  let startMs: number | undefined;
  for (const [pageNum, step] of (round.error ? STEPS.slice(0, 1) : STEPS).entries()) {
    const pageName = `${step.name} · ${round.plan.target.host}`;
    const har = pageHar(round, {
      index: pageNum,
      id: `page_${pageNum}`,
      path: step.path,
      title: pageName,
      ...(startMs === undefined ? {} : { startMs }),
    });
    const entries = har.log.entries;
    const duration = Number(har.log.pages?.[0]?.pageTimings.onLoad ?? 0);
    startMs = Date.parse(har.log.pages?.[0]?.startedDateTime ?? '') + duration;
    pages.push({
      pageNum,
      pageName,
      componentCount: entries.length,
      errorCount: entries.filter((e) => e.response.status >= 400 || e.response.status === 0).length,
      duration,
      har,
    });
  }
  return pages;
}

/** The fields of the round's result: the transaction time is the pages' durations added up. */
export function webTransaction(round: EnterpriseRound, pages = transactionPages(round)): Json {
  if (round.error) return { transactionTime: 0, componentErrors: 1, errorType: 'Connect', errorDetails: round.error };
  return {
    transactionTime: pages.reduce((sum, page) => sum + page.duration, 0),
    componentErrors: pages.reduce((sum, page) => sum + page.errorCount, 0),
    errorType: 'None',
  };
}

/** A page as the round's detail lists it (its HAR is read apart). */
export function pageSummary({ har: _har, ...page }: TransactionPage): Json {
  return page;
}
