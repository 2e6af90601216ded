/**
 * Onboarding figures over HTTP on loopback: saving a module (the general part; a module's answers
 * as a draft) and loading the whole profile for the preview, p50/p95 with 10 partners at once; and
 * the upload throughput of a 5 MB PDF. Runs its own embedded Postgres and API server, with profiles
 * filled completely first. Run: npm run bench:onboarding
 */
import { UPLOAD_FILE_FIELD, api, endpointUrl } from '@pp/contract';
import { completeDomesticProfile, createPartnerUser, samplePdf, signIn } from '@pp/testing';
import { percentile, report, startBenchStack } from './lib/bench.ts';

const PARTNERS = 10;
const REQUESTS = 1000;
const UPLOADS = 20;
const UPLOAD_BYTES = 5 * 1024 * 1024;

/** A real PDF of `size` bytes: the one-page sample, padded with a comment before its end. */
function pdfOfSize(size: number): Buffer {
  const pdf = samplePdf('Audited statements');
  const padding = Buffer.alloc(size - pdf.length, '%'.charCodeAt(0));
  for (let i = 80; i < padding.length; i += 80) padding[i] = 0x0a;
  return Buffer.concat([pdf.subarray(0, 9), padding, pdf.subarray(9)]);
}

const { db, server, base, stop } = await startBenchStack('bench-onboarding', 5535);

/** Runs `total` requests, `PARTNERS` at a time (each partner one after another), and prints their times. */
async function measure(label: string, request: (partner: number, i: number) => Promise<Response>) {
  const times: number[] = [];
  const perPartner = Math.ceil(REQUESTS / PARTNERS);
  const wall = performance.now();
  await Promise.all(
    Array.from({ length: PARTNERS }, async (_, p) => {
      for (let i = 0; i < perPartner; i++) {
        const started = performance.now();
        const res = await request(p, i);
        const body = await res.text();
        if (!res.ok) throw new Error(`${label}: ${res.status} ${body.slice(0, 300)}`);
        times.push(performance.now() - started);
      }
    }),
  );
  report(label, times, (performance.now() - wall) / 1000);
}

try {
  const partners: { headers: Record<string, string> }[] = [];
  for (let p = 0; p < PARTNERS; p++) {
    const { username } = await createPartnerUser(db);
    const { token, auth } = await signIn(server, username);
    await completeDomesticProfile(server, auth, { pan: `AABC${String.fromCharCode(65 + p)}${String(1000 + p)}E` });
    partners.push({ headers: { authorization: `Bearer ${token}` } });
  }
  console.log(`Onboarding, ${PARTNERS} partners at once, each with a complete profile (loopback HTTP):`);

  const json = (p: number) => ({ ...partners[p]!.headers, 'content-type': 'application/json' });
  await measure('save a module: general details', (p, i) =>
    fetch(`${base}${endpointUrl(api.onboarding.saveGeneral)}`, {
      method: 'POST',
      headers: json(p),
      body: JSON.stringify({
        general: { ownershipType: 'PVT', businessTypes: ['SUP-MFR'], enterpriseSector: 'SMALL', employees: 50 + (i % 7) },
      }),
    }),
  );
  await measure('save a module: answers as a draft', (p, i) =>
    fetch(`${base}${endpointUrl(api.onboarding.saveAnswers)}`, {
      method: 'POST',
      headers: json(p),
      body: JSON.stringify({
        companyCode: 1,
        categoryCode: 'SUP',
        answers: [
          { questionId: 706, value: 'Y' },
          { questionId: 707, value: String(i % 5) },
        ],
      }),
    }),
  );
  const preview = endpointUrl(api.onboarding.generalRetrieval, {
    params: { companyCode: 1, categoryCode: 'SUP', partnerCategory: 'SUP' },
  });
  await measure('load the preview (the whole profile)', (p) => fetch(`${base}${preview}`, { headers: partners[p]!.headers }));

  const file = pdfOfSize(UPLOAD_BYTES);
  // Spread over the partners, as real uploads are: one account's budget (UPLOAD_BUDGET) is 30 files and 100 MB a minute.
  let uploads = 0;
  const upload = async () => {
    const form = new FormData();
    form.append(UPLOAD_FILE_FIELD, new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'audited-statements.pdf');
    const res = await fetch(`${base}${endpointUrl(api.files.upload)}`, {
      method: 'POST',
      headers: partners[uploads++ % PARTNERS]!.headers,
      body: form,
    });
    const body = await res.text();
    if (!res.ok) throw new Error(`upload: ${res.status} ${body.slice(0, 300)}`);
  };
  await upload();
  for (const concurrency of [1, 4]) {
    const times: number[] = [];
    const wall = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let i = 0; i < UPLOADS / concurrency; i++) {
          const started = performance.now();
          await upload();
          times.push(performance.now() - started);
        }
      }),
    );
    const seconds = (performance.now() - wall) / 1000;
    times.sort((a, b) => a - b);
    console.log(
      `upload a 5 MB PDF, ${concurrency} at a time: ${UPLOADS} uploads, ${((UPLOADS * UPLOAD_BYTES) / 1024 / 1024 / seconds).toFixed(0)} MB/s, ` +
        `p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms per upload`,
    );
  }
} finally {
  await stop();
}
