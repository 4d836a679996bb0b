// The spec shows endpoint tests and scheduled-test data under /v7; the vendor also documents
// them under /v6, and some services answer only there. When a /v7 read answers 404 and the
// same read under /v6 answers, this connection reads that area under /v6 from then on (and
// says so once). A 404 of both forms is the first one's error: the record is simply missing.
import { NotFoundError } from './errors';

const AREAS = ['endpoint-tests', 'endpoint-data/tests'] as const;
type Area = (typeof AREAS)[number];

export class ReadVersions {
  private readonly onV6 = new Set<Area>();

  constructor(private readonly announce: (message: string) => void) {}

  /** `path` (no leading slash) as this connection reads it. */
  pathFor(path: string): string {
    const area = areaOf(path);
    return area && this.onV6.has(area) ? `v6/${path.slice(3)}` : path;
  }

  /** Runs `read` on the path; on a 404 of a /v7 form, once more on its /v6 form. */
  async read<T>(path: string, read: (path: string) => Promise<T>): Promise<T> {
    const chosen = this.pathFor(path);
    try {
      return await read(chosen);
    } catch (error) {
      const area = areaOf(chosen);
      if (!(error instanceof NotFoundError) || !area) throw error;
      const alternative = `v6/${chosen.slice(3)}`;
      const result = await read(alternative).catch(() => { throw error; });
      this.onV6.add(area);
      this.announce(`GET /${chosen} answered 404 and /${alternative} answered: this connection reads ${area} under /v6 from now on`);
      return result;
    }
  }
}

function areaOf(path: string): Area | undefined {
  if (!path.startsWith('v7/')) return undefined;
  return AREAS.find((area) => path.slice(3) === area || path.slice(3).startsWith(`${area}/`));
}
