// What building an answer's objects with a spread costs on this Node (decision 084):
//
//   npx tsx bench/object-shapes.ts
//
// Builds the project page's answer (GET /api/projects/{id}, five bids a visitor sees) three ways and
// serializes each with the route's own serializer (plugins/response-serializer.ts):
//   - spread, then keys:  { ...base, detailsHidden: true }   what toBidDto wrote before decision 084
//   - keys, then spread:  { detailsHidden: true, ...base }   what the DTOs that add keys write now
//   - one literal:        { id, projectId, ..., detailsHidden: true }   what toBidDto writes now
// and prints, for each, the microseconds to build the five bids and to serialize the answer, and
// whether two objects built the same way share a hidden class (%HaveSameMap, through a child node
// with --allow-natives-syntax). On Node 20 the first does not: each object gets a class of its own,
// and every property read of them (the serializer's) goes megamorphic. When a newer Node prints
// "shared" for all three, decision 084's rule has done its work and may be relaxed.
import { execFileSync } from 'node:child_process';
import { isDeepStrictEqual } from 'node:util';
import { compileResponseSerializer } from '#server/plugins/response-serializer.js';
import { type ProjectDetail, projectDetailSchema } from '#shared/contracts/projects.schemas.js';

type Bid = ProjectDetail['bids'][number];
const ROUNDS = 7;
const ANSWERS = 1000;
const ITERATIONS = 40_000;

const project: Omit<ProjectDetail, 'bids'> = {
  id: 7,
  name: 'Modern booking system for small teams',
  description: 'This booking system was started 27 months ago and is about 36% done. It already has real-time sync and a GraphQL endpoint.',
  techStack: ['Laravel', 'React Native', 'MySQL'],
  codeLink: 'https://github.com/chen/booking-system-7',
  imageUrl: null,
  status: 'open',
  submitterId: 180,
  finisherId: null,
  budget: null,
  budgetCents: null,
  timeframe: '1 week',
  deliveryMessage: null,
  completedAt: null,
  acceptedAt: null,
  createdAt: '2026-08-20T10:00:00.000Z',
  bidCount: 5,
  submitter: { id: 180, username: 'chen_s180', avatarUrl: null, rating: null },
  finisher: null,
  isPaid: false,
  acceptanceCriteria: [],
  repository: null,
  repositorySummary: null,
  grantRepositoryAccess: false,
  mergeAcceptsDelivery: true,
  deal: null,
};

const base = (i: number) => ({
  id: 19_000 + i,
  projectId: 7,
  finisherId: 400 + i,
  status: 'pending' as const,
  createdAt: '2026-08-24T00:24:28.077Z',
  developerUsername: `lucas_f${400 + i}`,
  finisher: { id: 400 + i, username: `lucas_f${400 + i}`, avatarUrl: `/uploads/avatars/lucas_f${400 + i}.webp` },
});

const ways: Record<string, (i: number) => Bid> = {
  'spread, then keys': (i) => ({ ...base(i), detailsHidden: true }),
  'keys, then spread': (i) => ({ detailsHidden: true, ...base(i) }),
  'one literal': (i) => ({
    id: 19_000 + i,
    projectId: 7,
    finisherId: 400 + i,
    status: 'pending',
    createdAt: '2026-08-24T00:24:28.077Z',
    developerUsername: `lucas_f${400 + i}`,
    finisher: { id: 400 + i, username: `lucas_f${400 + i}`, avatarUrl: `/uploads/avatars/lucas_f${400 + i}.webp` },
    detailsHidden: true,
  }),
};

/**
 * Whether two objects built each way share a hidden class, asked of V8 in a child process: the
 * same builders as measured here, passed as their source (%HaveSameMap is no TypeScript).
 */
function sharedClasses(): Record<string, boolean> {
  const builders = Object.entries(ways).map(([name, make]) => `${JSON.stringify(name)}: ${make.toString()}`);
  const script = `
    const base = ${base.toString()};
    const ways = { ${builders.join(', ')} };
    const out = {};
    for (const [name, make] of Object.entries(ways)) { const built = Array.from({ length: 1000 }, (_, i) => make(i)); out[name] = %HaveSameMap(built[998], built[999]); }
    process.stdout.write(JSON.stringify(out));`;
  return JSON.parse(execFileSync(process.execPath, ['--allow-natives-syntax', '-e', script], { encoding: 'utf8' })) as Record<string, boolean>;
}

function bestMicroseconds(run: () => void): number {
  let best = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    run();
    best = Math.min(best, ((performance.now() - start) * 1000) / ITERATIONS);
  }
  return best;
}

const serialize = compileResponseSerializer(projectDetailSchema);
const shared = sharedClasses();
console.log(`Node ${process.version}: the project page's answer with five hidden bids, best of ${ROUNDS} rounds of ${ITERATIONS}\n`);
console.log(`${'built as'.padEnd(20)}  build 5 bids µs  serialize µs  hidden class`);
for (const [name, make] of Object.entries(ways)) {
  const answers = Array.from({ length: ANSWERS }, (_, n) => ({ ...project, bids: [0, 1, 2, 3, 4].map((i) => make(n * 5 + i)) }));
  if (!isDeepStrictEqual(JSON.parse(serialize(answers[0])), answers[0])) throw new Error(`${name}: the serializer wrote another answer`);
  const build = bestMicroseconds(() => {
    for (let n = 0; n < ITERATIONS; n++) for (let i = 0; i < 5; i++) make(i);
  });
  const write = bestMicroseconds(() => {
    for (let n = 0; n < ITERATIONS; n++) serialize(answers[n % ANSWERS]);
  });
  console.log(`${name.padEnd(20)}  ${build.toFixed(2).padStart(15)}  ${write.toFixed(2).padStart(12)}  ${shared[name] ? 'shared' : 'one per object'}`);
}
