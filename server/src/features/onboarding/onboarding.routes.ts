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

export default async function onboardingRoutes(app: FastifyInstance) {
  const { db } = app;
  /** The acting partner: the session, and the partner the 'partner' access rule proved. */
  const partnerAuth = (ctx: { auth: AuthContext; partnerId: number }) => ({ ...ctx.auth, partnerId: ctx.partnerId });

  addRoute(app, api.onboarding.modules, async () => ok(await listModules(db)));
  addRoute(app, api.onboarding.moduleQuestions, async ({ partnerId, params, language }) =>
    ok(await moduleQuestions(db, partnerId, params, language)),
  );
  addRoute(app, api.onboarding.progress, async ({ partnerId, params }) => {
    const profile = await openProfile(db, partnerId, params.companyCode, params.categoryCode);
    assertInternational(profile, params.isInternational);
    return ok(await progress(app, profile));
  });
  addRoute(app, api.onboarding.branchDetails, async (ctx) => ok(await branchDetails(db, partnerAuth(ctx), ctx.language)));
  addRoute(app, api.onboarding.newBranch, async (ctx) => ok(await addBranch(db, partnerAuth(ctx), ctx.body, ctx.language)));
  addRoute(app, api.branches.newBranches, async (ctx) =>
    ok(await addBranches(db, partnerAuth(ctx), ctx.body.branches, ctx.language)),
  );
  const deps = { db, now: () => app.now() };
  addRoute(app, api.branches.general, async (ctx) =>
    ok(await branchDetailsOf.general(db, partnerAuth(ctx), ctx.query.branchId, ctx.language)),
  );
  addRoute(app, api.branches.organisation, async (ctx) =>
    ok(await branchDetailsOf.organisation(db, partnerAuth(ctx), ctx.query.branchId)),
  );
  addRoute(app, api.branches.bank, async (ctx) => ok(await branchDetailsOf.bank(db, partnerAuth(ctx), ctx.query.branchId)));
  addRoute(app, api.branches.credential, async (ctx) =>
    ok(await branchDetailsOf.credential(db, partnerAuth(ctx), ctx.query.branchId)),
  );
  addRoute(app, api.branches.avenues, async (ctx) => ok(await branchDetailsOf.avenues(db, partnerAuth(ctx), ctx.query.branchId)));
  addRoute(app, api.branches.strength, async (ctx) =>
    ok(await branchDetailsOf.strength(deps, partnerAuth(ctx), ctx.query.branchId)),
  );
  addRoute(app, api.branches.saveGeneral, async (ctx) =>
    ok(await saveBranchDetails.general(deps, partnerAuth(ctx), ctx.body, ctx.language)),
  );
  addRoute(app, api.branches.saveOrganisation, async (ctx) =>
    ok(await saveBranchDetails.organisation(deps, partnerAuth(ctx), ctx.body)),
  );
  addRoute(app, api.branches.saveBank, async (ctx) => ok(await saveBranchDetails.bank(deps, partnerAuth(ctx), ctx.body)));
  addRoute(app, api.branches.saveCredential, async (ctx) =>
    ok(await saveBranchDetails.credential(deps, partnerAuth(ctx), ctx.body)),
  );
  addRoute(app, api.branches.saveAvenues, async (ctx) => ok(await saveBranchDetails.avenues(deps, partnerAuth(ctx), ctx.body)));
  addRoute(app, api.branches.saveStrength, async (ctx) => ok(await saveBranchDetails.strength(deps, partnerAuth(ctx), ctx.body)));
  addRoute(app, api.profile.quickLinks, async (ctx) => ok(await quickLinks(db, partnerAuth(ctx), app.now(), ctx.language)));
  addRoute(app, api.profile.allGst, async (ctx) => ok(await quickLink.allGst(db, partnerAuth(ctx), ctx.language)));
  addRoute(app, api.profile.approvedGstins, async (ctx) =>
    ok(await quickLink.approvedGstins(db, partnerAuth(ctx), ctx.language)),
  );
  addRoute(app, api.profile.gstin, async (ctx) =>
    ok(await quickLink.gstin(db, partnerAuth(ctx), ctx.params.gstin, ctx.language)),
  );
  addRoute(app, api.profile.gstTds, async (ctx) => ok(await quickLink.gstTds(db, partnerAuth(ctx), ctx.language)));
  addRoute(app, api.profile.statutory, async (ctx) => ok(await quickLink.statutory(db, partnerAuth(ctx))));
  addRoute(app, api.profile.address, async (ctx) => ok(await quickLink.address(db, partnerAuth(ctx), ctx.language)));
  addRoute(app, api.profile.taxContacts, async (ctx) => ok(await quickLink.taxContacts(db, partnerAuth(ctx))));
  addRoute(app, api.profile.reviewCodeOfConduct, async (ctx) => ok(await reviewCodeOfConduct(db, partnerAuth(ctx), app.now())));
  addRoute(app, api.profile.gstNotification, async (ctx) =>
    ok(await submitGstNotification(db, partnerAuth(ctx), ctx.body, app.now())),
  );
  addRoute(app, api.profile.saveCurrencyUnit, async (ctx) =>
    ok(await saveCurrencyUnit(db, partnerAuth(ctx), ctx.body, ctx.language)),
  );
  addRoute(app, api.profile.saveBankDraft, async (ctx) =>
    ok(await saveDraft(db, partnerAuth(ctx), 'bankDraft', await bankDraftData(db, ctx.auth, ctx.body, app.now()), app.now())),
  );
  addRoute(app, api.profile.deleteBankDraft, async (ctx) => ok(ctx.say(await deleteDraft(db, partnerAuth(ctx), 'bankDraft'))));
  addRoute(app, api.profile.saveFinanceDraft, async (ctx) =>
    ok(await saveDraft(db, partnerAuth(ctx), 'financeDraft', financeDraftData(ctx.body.years), app.now())),
  );
  addRoute(app, api.profile.deleteFinanceDraft, async (ctx) =>
    ok(ctx.say(await deleteDraft(db, partnerAuth(ctx), 'financeDraft'))),
  );
  addRoute(app, api.onboarding.saveAnswers, async (ctx) => ok(await saveAnswers(db, partnerAuth(ctx), ctx.body, app.now())));
  addRoute(app, api.onboarding.deleteFileAnswer, async (ctx) => ok(await deleteFileAnswer(db, partnerAuth(ctx), ctx.body)));

  addRoute(app, api.onboarding.generalModule, async ({ partnerId, params }) =>
    ok(await generalModule(db, await openProfile(db, partnerId, params.companyCode, params.categoryCode))),
  );
  addRoute(app, api.onboarding.yearIncorporatedMandatory, async ({ params }) =>
    ok(await yearOfIncorporationMandatory(db, params.categoryCode)),
  );
  addRoute(app, api.onboarding.saveGeneral, async (ctx) => ok(await saveGeneral(app, partnerAuth(ctx), ctx.body)));
  addRoute(app, api.onboarding.saveOrgDetails, async (ctx) => ok(await saveStatutory(app, partnerAuth(ctx), ctx.body)));
  addRoute(app, api.onboarding.saveBankDetails, async (ctx) =>
    ok(await saveBankAccounts(app, partnerAuth(ctx), ctx.body.bankAccounts ?? [])),
  );
  addRoute(app, api.onboarding.saveCredential, async (ctx) => ok(await saveCredentials(app, partnerAuth(ctx), ctx.body)));
  addRoute(app, api.onboarding.savePartnershipAvenue, async (ctx) =>
    ok(await saveAvenues(app, partnerAuth(ctx), ctx.body.avenues ?? [])),
  );
  addRoute(app, api.onboarding.saveBranch, async (ctx) => ok(await saveBranches(app, partnerAuth(ctx), ctx.body.branches ?? [])));
  addRoute(app, api.onboarding.address, async (ctx) => ok(await readCurrentPart(db, partnerAuth(ctx), 'address')));
  addRoute(app, api.onboarding.saveAddress, async (ctx) => ok(await saveAddress(app, partnerAuth(ctx), ctx.body)));
  addRoute(app, api.onboarding.gstins, async (ctx) => ok(await readCurrentList(db, partnerAuth(ctx), 'gstins')));
  addRoute(app, api.onboarding.saveGstins, async (ctx) => ok(await saveGstins(app, partnerAuth(ctx), ctx.body.gstins)));
  addRoute(app, api.onboarding.vat, async (ctx) => ok(await readCurrentPart(db, partnerAuth(ctx), 'vat')));
  addRoute(app, api.onboarding.saveVat, async (ctx) => ok(await saveVat(app, partnerAuth(ctx), ctx.body)));

  addRoute(app, api.onboarding.saveFinancialPerformance, async (ctx) =>
    ok(await saveFinancial(app, partnerAuth(ctx), 'performance', ctx.body.years)),
  );
  addRoute(app, api.onboarding.saveFinancialStrength, async (ctx) =>
    ok(await saveFinancial(app, partnerAuth(ctx), 'strength', ctx.body.years)),
  );
  addRoute(app, api.onboarding.saveFinancialOthers, async (ctx) =>
    ok(await saveFinancial(app, partnerAuth(ctx), 'others', ctx.body.years)),
  );
  addRoute(app, api.onboarding.saveFinance, async (ctx) =>
    ok(await saveFinancial(app, partnerAuth(ctx), 'statements', ctx.body.years)),
  );
  addRoute(app, api.onboarding.financialRetrieval, async ({ partnerId, params }) =>
    ok(await financialRetrieval(app, partnerId, params)),
  );
  addRoute(app, api.onboarding.generalRetrieval, async ({ partnerId, params, language }) =>
    ok(await generalRetrieval({ db: app.db, now: () => app.now(), language }, partnerId, params)),
  );

  // The row deletes of section 7, one per list.
  addRoute(app, api.onboarding.deleteContact, async (ctx) =>
    ok(await deleteListRow(app, partnerAuth(ctx), 'contacts', ctx.body.id)),
  );
  addRoute(app, api.onboarding.deleteAvenue, async (ctx) =>
    ok(await deleteListRow(app, partnerAuth(ctx), 'avenues', ctx.body.id)),
  );
  addRoute(app, api.onboarding.deleteCustomer, async (ctx) =>
    ok(await deleteListRow(app, partnerAuth(ctx), 'customers', ctx.body.id)),
  );
  addRoute(app, api.onboarding.deleteBankAccount, async (ctx) =>
    ok(await deleteListRow(app, partnerAuth(ctx), 'bankAccounts', ctx.body.id)),
  );
  addRoute(app, api.onboarding.deleteFactory, async (ctx) =>
    ok(await deleteListRow(app, partnerAuth(ctx), 'factories', ctx.body.id)),
  );
  addRoute(app, api.onboarding.deleteWarehouse, async (ctx) =>
    ok(await deleteListRow(app, partnerAuth(ctx), 'warehouses', ctx.body.id)),
  );
  addRoute(app, api.onboarding.deleteMembership, async (ctx) =>
    ok(await deleteListRow(app, partnerAuth(ctx), 'memberships', ctx.body.id)),
  );
  addRoute(app, api.onboarding.deleteProject, async (ctx) =>
    ok(await deleteListRow(app, partnerAuth(ctx), 'projects', ctx.body.id)),
  );
  addRoute(app, api.onboarding.deleteBanker, async (ctx) =>
    ok(await deleteListRow(app, partnerAuth(ctx), 'bankers', ctx.body.id)),
  );
  addRoute(app, api.onboarding.deleteRating, async (ctx) =>
    ok(await deleteListRow(app, partnerAuth(ctx), 'ratings', ctx.body.id)),
  );
  addRoute(app, api.onboarding.deleteErp, async (ctx) =>
    ok(await deleteListRow(app, partnerAuth(ctx), 'erpSystems', ctx.body.id)),
  );
  addRoute(app, api.onboarding.deleteBranch, async (ctx) => ok(await deleteBranch(app, partnerAuth(ctx), ctx.params)));

  addRoute(app, api.onboarding.verifyMandatory, async ({ partnerId, params }) =>
    ok(await verify(app, partnerId, params, 'fields')),
  );
  addRoute(app, api.onboarding.verifyMandatoryQuestions, async ({ partnerId, params }) => {
    assertInternational(await openProfile(db, partnerId, params.companyCode, params.categoryCode), params.isInternational);
    return ok(await verify(app, partnerId, params, 'questions'));
  });
  addRoute(app, api.onboarding.verifyMandatoryStatic, async ({ partnerId, params }) => {
    const profile = await openProfile(db, partnerId, params.companyCode, params.categoryCode);
    assertInternational(profile, params.isInternational);
    return ok(await verify(app, partnerId, params, 'static'));
  });
  addRoute(app, api.onboarding.submit, async (ctx) => ok(await submit(app, partnerAuth(ctx), ctx.params)));

  addRoute(app, api.onboarding.declaration, async ({ query, language }) =>
    ok(await declarationText(db, query.companyCode, language)),
  );
  addRoute(app, api.onboarding.saveDeclarationText, async ({ auth, body, language }) =>
    ok(await saveDeclarationText(db, auth, body, language)),
  );
  addRoute(app, api.onboarding.acceptance, async ({ partnerId, query }) => ok(await acceptance(db, partnerId, query)));
  addRoute(app, api.onboarding.accept, async (ctx) => ok(await accept(app, partnerAuth(ctx), ctx.query, ctx.body)));
  addRoute(app, api.onboarding.tdsDeclaration, async (ctx) => ok(await declareTds(app, partnerAuth(ctx), ctx.body)));

  addRoute(app, api.onboarding.statutory, async ({ auth, params, say }) => checkStatutory(app, auth, params, say));
  addRoute(app, api.onboarding.statutoryForPartner, async ({ auth, params, say }) => checkStatutory(app, auth, params, say));

  addRoute(app, api.review.modules, async ({ params }) => ok(await reviewModules(db, params.categoryCode)));
  addRoute(app, api.review.questions, async ({ auth, params }) => ok(await reviewQuestions(db, auth, params)));
  addRoute(app, api.review.part, async ({ auth, params, language }) =>
    ok(await reviewPart({ db: app.db, now: () => app.now(), language }, auth, { ...params, asAdmin: false })),
  );
  addRoute(app, api.review.partAsAdmin, async ({ auth, params, language }) =>
    ok(await reviewPart({ db: app.db, now: () => app.now(), language }, auth, { ...params, asAdmin: true })),
  );
  addRoute(app, api.review.dtValidation, async ({ auth, body, say }) => ok(await dtValidation(app, auth, body, say)));

  // Admin actions of section 6 on a submitted profile (the others: features/admin).
  addRoute(app, api.admin.changeStatutory, async ({ auth, body, say }) =>
    ok(saidDone(say, await changeStatutory(app, auth, body))),
  );
  addRoute(app, api.admin.changePan, async ({ auth, body, say }) => ok(saidDone(say, await changePan(app, auth, body))));
  addRoute(app, api.admin.applyBankDraft, async ({ auth, body, say }) =>
    ok(saidDone(say, await applyBankDraft(app, auth, body))),
  );
  addRoute(app, api.admin.applyFinanceDraft, async ({ auth, body, say }) =>
    ok(saidDone(say, await applyFinanceDraft(app, auth, body))),
  );
  addRoute(app, api.admin.registeredAddress, async ({ auth, body, say }) =>
    ok(saidDone(say, await registeredAddress(app, auth, body))),
  );
  addRoute(app, api.admin.paymentInFavourOf, async ({ auth, body, say }) =>
    ok(saidDone(say, await paymentInFavourOf(app, auth, body))),
  );
  addRoute(app, api.admin.activateGst, async ({ auth, body, say }) => ok(saidDone(say, await activateGst(app, auth, body))));
  addRoute(app, api.admin.extendDocument, async ({ auth, body, say }) =>
    ok(saidDone(say, await extendDocument(app, auth, body))),
  );
  addRoute(app, api.admin.sendBackOnboardingDocument, async ({ auth, body, say }) =>
    ok(saidDone(say, await sendBackOnboardingDocument(app, auth, body))),
  );
  addRoute(app, api.admin.syncProfile, async ({ auth, body, say }) => ok(saidDone(say, await syncProfile(app, auth, body))));
}
