import { saidDone } from '../../lib/admin-audit.ts';
import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok, type AuthContext } from '@pp/platform';
import { addBranch, addBranches, branchDetails, branchDetailsOf, saveBranchDetails } from './branches.ts';
import {
  bankDraftData,
  deleteDraft,
  financeDraftData,
  quickLink,
  quickLinks,
  reviewCodeOfConduct,
  saveCurrencyUnit,
  saveDraft,
  submitGstNotification,
} from './quicklinks.ts';
import { accept, acceptance, declarationText, declareTds, saveDeclarationText } from './declarations.ts';
import { financialRetrieval, saveFinancial } from './financial.ts';
import { progress, submit, verify, yearOfIncorporationMandatory } from './mandatory.ts';
import {
  deleteBranch,
  deleteListRow,
  generalModule,
  readCurrentList,
  readCurrentPart,
  saveAddress,
  saveAvenues,
  saveBankAccounts,
  saveBranches,
  saveCredentials,
  saveGeneral,
  saveGstins,
  saveStatutory,
  saveVat,
} from './parts.ts';
import { openProfile } from './profile.ts';
import { assertInternational, deleteFileAnswer, listModules, moduleQuestions, saveAnswers } from './questions.ts';
import { checkStatutory } from '../../lib/statutory.ts';
import { generalRetrieval } from './summary.ts';
import { dtValidation, reviewModules, reviewPart, reviewQuestions } from './review.ts';
import {
  activateGst,
  applyBankDraft,
  applyFinanceDraft,
  changePan,
  changeStatutory,
  extendDocument,
  paymentInFavourOf,
  registeredAddress,
  sendBackOnboardingDocument,
  syncProfile,
} from './admin-actions.ts';

const o = api.onboarding;

export default async function onboardingRoutes(app: FastifyInstance) {
  const { db } = app;
  /** The acting partner: the session, and the partner the 'partner' access rule proved. */
  const partnerAuth = (ctx: { auth: AuthContext; partnerId: number }) => ({ ...ctx.auth, partnerId: ctx.partnerId });

  addRoute(app, o.modules, async () => ok(await listModules(db)));
  addRoute(app, o.moduleQuestions, async ({ partnerId, params, language }) =>
    ok(await moduleQuestions(db, partnerId, params, language)),
  );
  addRoute(app, o.progress, async ({ partnerId, params }) => {
    const profile = await openProfile(db, partnerId, params.companyCode, params.categoryCode);
    assertInternational(profile, params.isInternational);
    return ok(await progress(app, profile));
  });
  addRoute(app, o.branchDetails, async (ctx) => ok(await branchDetails(db, partnerAuth(ctx), ctx.language)));
  addRoute(app, o.newBranch, async (ctx) => ok(await addBranch(db, partnerAuth(ctx), ctx.body, ctx.language)));
  const b = api.branches;
  addRoute(app, b.newBranches, async (ctx) => ok(await addBranches(db, partnerAuth(ctx), ctx.body.branches, ctx.language)));
  const deps = { db, now: () => app.now() };
  addRoute(app, b.general, async (ctx) =>
    ok(await branchDetailsOf.general(db, partnerAuth(ctx), ctx.query.branchId, ctx.language)),
  );
  addRoute(app, b.organisation, async (ctx) => ok(await branchDetailsOf.organisation(db, partnerAuth(ctx), ctx.query.branchId)));
  addRoute(app, b.bank, async (ctx) => ok(await branchDetailsOf.bank(db, partnerAuth(ctx), ctx.query.branchId)));
  addRoute(app, b.credential, async (ctx) => ok(await branchDetailsOf.credential(db, partnerAuth(ctx), ctx.query.branchId)));
  addRoute(app, b.avenues, async (ctx) => ok(await branchDetailsOf.avenues(db, partnerAuth(ctx), ctx.query.branchId)));
  addRoute(app, b.strength, async (ctx) => ok(await branchDetailsOf.strength(deps, partnerAuth(ctx), ctx.query.branchId)));
  addRoute(app, b.saveGeneral, async (ctx) =>
    ok(await saveBranchDetails.general(deps, partnerAuth(ctx), ctx.body, ctx.language)),
  );
  addRoute(app, b.saveOrganisation, async (ctx) => ok(await saveBranchDetails.organisation(deps, partnerAuth(ctx), ctx.body)));
  addRoute(app, b.saveBank, async (ctx) => ok(await saveBranchDetails.bank(deps, partnerAuth(ctx), ctx.body)));
  addRoute(app, b.saveCredential, async (ctx) => ok(await saveBranchDetails.credential(deps, partnerAuth(ctx), ctx.body)));
  addRoute(app, b.saveAvenues, async (ctx) => ok(await saveBranchDetails.avenues(deps, partnerAuth(ctx), ctx.body)));
  addRoute(app, b.saveStrength, async (ctx) => ok(await saveBranchDetails.strength(deps, partnerAuth(ctx), ctx.body)));
  const q = api.profile;
  addRoute(app, q.quickLinks, async (ctx) => ok(await quickLinks(db, partnerAuth(ctx), app.now(), ctx.language)));
  addRoute(app, q.allGst, async (ctx) => ok(await quickLink.allGst(db, partnerAuth(ctx), ctx.language)));
  addRoute(app, q.approvedGstins, async (ctx) => ok(await quickLink.approvedGstins(db, partnerAuth(ctx), ctx.language)));
  addRoute(app, q.gstin, async (ctx) => ok(await quickLink.gstin(db, partnerAuth(ctx), ctx.params.gstin, ctx.language)));
  addRoute(app, q.gstTds, async (ctx) => ok(await quickLink.gstTds(db, partnerAuth(ctx), ctx.language)));
  addRoute(app, q.statutory, async (ctx) => ok(await quickLink.statutory(db, partnerAuth(ctx))));
  addRoute(app, q.address, async (ctx) => ok(await quickLink.address(db, partnerAuth(ctx), ctx.language)));
  addRoute(app, q.taxContacts, async (ctx) => ok(await quickLink.taxContacts(db, partnerAuth(ctx))));
  addRoute(app, q.reviewCodeOfConduct, async (ctx) => ok(await reviewCodeOfConduct(db, partnerAuth(ctx), app.now())));
  addRoute(app, q.gstNotification, async (ctx) => ok(await submitGstNotification(db, partnerAuth(ctx), ctx.body, app.now())));
  addRoute(app, q.saveCurrencyUnit, async (ctx) => ok(await saveCurrencyUnit(db, partnerAuth(ctx), ctx.body, ctx.language)));
  addRoute(app, q.saveBankDraft, async (ctx) =>
    ok(await saveDraft(db, partnerAuth(ctx), 'bankDraft', await bankDraftData(db, ctx.auth, ctx.body, app.now()), app.now())),
  );
  addRoute(app, q.deleteBankDraft, async (ctx) => ok(ctx.say(await deleteDraft(db, partnerAuth(ctx), 'bankDraft'))));
  addRoute(app, q.saveFinanceDraft, async (ctx) =>
    ok(await saveDraft(db, partnerAuth(ctx), 'financeDraft', financeDraftData(ctx.body.years), app.now())),
  );
  addRoute(app, q.deleteFinanceDraft, async (ctx) => ok(ctx.say(await deleteDraft(db, partnerAuth(ctx), 'financeDraft'))));
  addRoute(app, o.saveAnswers, async (ctx) => ok(await saveAnswers(db, partnerAuth(ctx), ctx.body, app.now())));
  addRoute(app, o.deleteFileAnswer, async (ctx) => ok(await deleteFileAnswer(db, partnerAuth(ctx), ctx.body)));

  addRoute(app, o.generalModule, async ({ partnerId, params }) =>
    ok(await generalModule(db, await openProfile(db, partnerId, params.companyCode, params.categoryCode))),
  );
  addRoute(app, o.yearIncorporatedMandatory, async ({ params }) =>
    ok(await yearOfIncorporationMandatory(db, params.categoryCode)),
  );
  addRoute(app, o.saveGeneral, async (ctx) => ok(await saveGeneral(app, partnerAuth(ctx), ctx.body)));
  addRoute(app, o.saveOrgDetails, async (ctx) => ok(await saveStatutory(app, partnerAuth(ctx), ctx.body)));
  addRoute(app, o.saveBankDetails, async (ctx) => ok(await saveBankAccounts(app, partnerAuth(ctx), ctx.body.bankAccounts ?? [])));
  addRoute(app, o.saveCredential, async (ctx) => ok(await saveCredentials(app, partnerAuth(ctx), ctx.body)));
  addRoute(app, o.savePartnershipAvenue, async (ctx) => ok(await saveAvenues(app, partnerAuth(ctx), ctx.body.avenues ?? [])));
  addRoute(app, o.saveBranch, async (ctx) => ok(await saveBranches(app, partnerAuth(ctx), ctx.body.branches ?? [])));
  addRoute(app, o.address, async (ctx) => ok(await readCurrentPart(db, partnerAuth(ctx), 'address')));
  addRoute(app, o.saveAddress, async (ctx) => ok(await saveAddress(app, partnerAuth(ctx), ctx.body)));
  addRoute(app, o.gstins, async (ctx) => ok(await readCurrentList(db, partnerAuth(ctx), 'gstins')));
  addRoute(app, o.saveGstins, async (ctx) => ok(await saveGstins(app, partnerAuth(ctx), ctx.body.gstins)));
  addRoute(app, o.vat, async (ctx) => ok(await readCurrentPart(db, partnerAuth(ctx), 'vat')));
  addRoute(app, o.saveVat, async (ctx) => ok(await saveVat(app, partnerAuth(ctx), ctx.body)));

  addRoute(app, o.saveFinancialPerformance, async (ctx) =>
    ok(await saveFinancial(app, partnerAuth(ctx), 'performance', ctx.body.years)),
  );
  addRoute(app, o.saveFinancialStrength, async (ctx) =>
    ok(await saveFinancial(app, partnerAuth(ctx), 'strength', ctx.body.years)),
  );
  addRoute(app, o.saveFinancialOthers, async (ctx) => ok(await saveFinancial(app, partnerAuth(ctx), 'others', ctx.body.years)));
  addRoute(app, o.saveFinance, async (ctx) => ok(await saveFinancial(app, partnerAuth(ctx), 'statements', ctx.body.years)));
  addRoute(app, o.financialRetrieval, async ({ partnerId, params }) => ok(await financialRetrieval(app, partnerId, params)));
  addRoute(app, o.generalRetrieval, async ({ partnerId, params, language }) =>
    ok(await generalRetrieval({ db: app.db, now: () => app.now(), language }, partnerId, params)),
  );

  // The row deletes of section 7, one per list.
  addRoute(app, o.deleteContact, async (ctx) => ok(await deleteListRow(app, partnerAuth(ctx), 'contacts', ctx.body.id)));
  addRoute(app, o.deleteAvenue, async (ctx) => ok(await deleteListRow(app, partnerAuth(ctx), 'avenues', ctx.body.id)));
  addRoute(app, o.deleteCustomer, async (ctx) => ok(await deleteListRow(app, partnerAuth(ctx), 'customers', ctx.body.id)));
  addRoute(app, o.deleteBankAccount, async (ctx) => ok(await deleteListRow(app, partnerAuth(ctx), 'bankAccounts', ctx.body.id)));
  addRoute(app, o.deleteFactory, async (ctx) => ok(await deleteListRow(app, partnerAuth(ctx), 'factories', ctx.body.id)));
  addRoute(app, o.deleteWarehouse, async (ctx) => ok(await deleteListRow(app, partnerAuth(ctx), 'warehouses', ctx.body.id)));
  addRoute(app, o.deleteMembership, async (ctx) => ok(await deleteListRow(app, partnerAuth(ctx), 'memberships', ctx.body.id)));
  addRoute(app, o.deleteProject, async (ctx) => ok(await deleteListRow(app, partnerAuth(ctx), 'projects', ctx.body.id)));
  addRoute(app, o.deleteBanker, async (ctx) => ok(await deleteListRow(app, partnerAuth(ctx), 'bankers', ctx.body.id)));
  addRoute(app, o.deleteRating, async (ctx) => ok(await deleteListRow(app, partnerAuth(ctx), 'ratings', ctx.body.id)));
  addRoute(app, o.deleteErp, async (ctx) => ok(await deleteListRow(app, partnerAuth(ctx), 'erpSystems', ctx.body.id)));
  addRoute(app, o.deleteBranch, async (ctx) => ok(await deleteBranch(app, partnerAuth(ctx), ctx.params)));

  addRoute(app, o.verifyMandatory, async ({ partnerId, params }) => ok(await verify(app, partnerId, params, 'fields')));
  addRoute(app, o.verifyMandatoryQuestions, async ({ partnerId, params }) => {
    assertInternational(await openProfile(db, partnerId, params.companyCode, params.categoryCode), params.isInternational);
    return ok(await verify(app, partnerId, params, 'questions'));
  });
  addRoute(app, o.verifyMandatoryStatic, async ({ partnerId, params }) => {
    const profile = await openProfile(db, partnerId, params.companyCode, params.categoryCode);
    assertInternational(profile, params.isInternational);
    return ok(await verify(app, partnerId, params, 'static'));
  });
  addRoute(app, o.submit, async (ctx) => ok(await submit(app, partnerAuth(ctx), ctx.params)));

  addRoute(app, o.declaration, async ({ query, language }) => ok(await declarationText(db, query.companyCode, language)));
  addRoute(app, o.saveDeclarationText, async ({ auth, body, language }) =>
    ok(await saveDeclarationText(db, auth, body, language)),
  );
  addRoute(app, o.acceptance, async ({ partnerId, query }) => ok(await acceptance(db, partnerId, query)));
  addRoute(app, o.accept, async (ctx) => ok(await accept(app, partnerAuth(ctx), ctx.query, ctx.body)));
  addRoute(app, o.tdsDeclaration, async (ctx) => ok(await declareTds(app, partnerAuth(ctx), ctx.body)));

  addRoute(app, o.statutory, async ({ auth, params, say }) => checkStatutory(app, auth, params, say));
  addRoute(app, o.statutoryForPartner, async ({ auth, params, say }) => checkStatutory(app, auth, params, say));

  const r = api.review;
  addRoute(app, r.modules, async ({ params }) => ok(await reviewModules(db, params.categoryCode)));
  addRoute(app, r.questions, async ({ auth, params }) => ok(await reviewQuestions(db, auth, params)));
  addRoute(app, r.part, async ({ auth, params, language }) =>
    ok(await reviewPart({ db: app.db, now: () => app.now(), language }, auth, { ...params, asAdmin: false })),
  );
  addRoute(app, r.partAsAdmin, async ({ auth, params, language }) =>
    ok(await reviewPart({ db: app.db, now: () => app.now(), language }, auth, { ...params, asAdmin: true })),
  );
  addRoute(app, r.dtValidation, async ({ auth, body, say }) => ok(await dtValidation(app, auth, body, say)));

  // Admin actions of section 6 on a submitted profile (the others: features/admin).
  const a = api.admin;
  addRoute(app, a.changeStatutory, async ({ auth, body, say }) => ok(saidDone(say, await changeStatutory(app, auth, body))));
  addRoute(app, a.changePan, async ({ auth, body, say }) => ok(saidDone(say, await changePan(app, auth, body))));
  addRoute(app, a.applyBankDraft, async ({ auth, body, say }) => ok(saidDone(say, await applyBankDraft(app, auth, body))));
  addRoute(app, a.applyFinanceDraft, async ({ auth, body, say }) => ok(saidDone(say, await applyFinanceDraft(app, auth, body))));
  addRoute(app, a.registeredAddress, async ({ auth, body, say }) => ok(saidDone(say, await registeredAddress(app, auth, body))));
  addRoute(app, a.paymentInFavourOf, async ({ auth, body, say }) => ok(saidDone(say, await paymentInFavourOf(app, auth, body))));
  addRoute(app, a.activateGst, async ({ auth, body, say }) => ok(saidDone(say, await activateGst(app, auth, body))));
  addRoute(app, a.extendDocument, async ({ auth, body, say }) => ok(saidDone(say, await extendDocument(app, auth, body))));
  addRoute(app, a.sendBackOnboardingDocument, async ({ auth, body, say }) =>
    ok(saidDone(say, await sendBackOnboardingDocument(app, auth, body))),
  );
  addRoute(app, a.syncProfile, async ({ auth, body, say }) => ok(saidDone(say, await syncProfile(app, auth, body))));
}
