import { GRIEVANCE_STATE_NAMES, PARTNER_QUERY_STATE_NAMES, ROLE_NAMES, WORKFLOW_STATE_NAMES } from './i18n/names.ts';
import { text, say, type Text, type TextKey } from './i18n/texts.ts';

/**
 * The server's messages by name: each makes a Text (a catalogue key and its parameters), which
 * the answer puts in the reader's language. The wording lives in i18n/server-en.ts and
 * server-hi.ts; MESSAGES reads the same texts in English, for logs, mail and tests.
 */
export const TEXTS = {
  accessDenied: text('accessDenied'),
  activationInvalid: text('activationInvalid'),
  categoryAuditRecorded: text('categoryAuditRecorded'),
  internalError: text('internalError'),
  serviceDown: text('serviceDown'),
  serviceUnavailable: text('serviceUnavailable'),
  sessionEnded: text('sessionEnded'),
  sessionIdle: text('sessionIdle'),
  otpSentAnswer: text('otpSentAnswer'),
  otpSentTo: (destination: string) => text('otpSentTo', { destination }),
  onlyOneFile: text('onlyOneFile'),
  usernameTaken: text('usernameTaken'),
  usernameAvailable: text('usernameAvailable'),
  querySubmitted: text('querySubmitted'),
  profilePictureUploaded: text('profilePictureUploaded'),
  noGuides: text('noGuides'),
  noRecordsFound: text('noRecordsFound'),
  invalidCredentials: text('invalidCredentials'),
  authRequired: text('authRequired'),
  categoryNotRegistered: (categoryCode: string, companyCode: number) =>
    text('categoryNotRegistered', { categoryCode, companyCode }),
  notificationNotFound: text('notificationNotFound'),
  speechBusy: text('speechBusy'),
  noIdentityCard: (countryCode: number) => text('noIdentityCard', { countryCode }),
  notAGroupCompany: text('rule.groupCompany'),
  notABusinessOf: (company: string) => text('notABusinessOf', { company }),
  noBusinessTerms: (categoryCode: string, companyCode: number) => text('noBusinessTerms', { categoryCode, companyCode }),
  partnerOnly: text('partnerOnly'),
  permissionRequired: (permission: string) => text('permissionRequired', { permission }),
  internalOnly: text('internalOnly'),
  notFound: text('notFound'),
  clientError: (status: number) =>
    text(status === 431 ? 'headersTooLarge' : status === 408 ? 'requestTooSlow' : 'requestMalformed'),
  bodyTooLarge: (maxBytes: number) => text('bodyTooLarge', { kilobytes: Math.round(maxBytes / 1024) }),
  routeNotFound: (method: string, url: string) => text('routeNotFound', { method, url }),
  badUrl: (path: string) => text('badUrl', { path }),
  pathParameterTooLong: (max: number) => text('pathParameterTooLong', { max }),
  logoutDone: text('logoutDone'),
  accountNotActive: text('accountNotActive'),
  emailNotVerified: (maskedEmail: string) => text('emailNotVerified', { maskedEmail }),
  signinDelayed: (seconds: number) =>
    seconds < 120
      ? text('signinDelayedSeconds', { count: seconds })
      : text('signinDelayedMinutes', { count: Math.ceil(seconds / 60) }),
  tooManyRequests: (minutes: number) => text('tooManyRequests', { count: minutes }),
  tooManyDownloads: (count: number) => text('tooManyDownloads', { count }),
  tooManyOtpRequests: (minutes: number) => text('tooManyOtpRequests', { count: minutes }),
  otpVerified: text('otpVerified'),
  otpInvalid: (attemptsLeft: number) => text('otpInvalid', { count: attemptsLeft }),
  otpDead: text('otpDead'),
  otpNotVerified: text('otpNotVerified'),
  registrationDone: text('registrationDone'),
  activationDone: text('activationDone'),
  activationSent: text('activationSent'),
  passwordChanged: text('passwordChanged'),
  passwordReset: text('passwordReset'),
  oldPasswordWrong: text('oldPasswordWrong'),
  samePassword: text('samePassword'),
  /** The same answer whether or not the name exists, so the reset page does not tell who has an account. */
  resetOtpRequested: text('resetOtpRequested'),
  emailDomainBlocked: text('emailDomainBlocked'),
  emailDomainAccepted: text('emailDomainAccepted'),
  mobileTaken: text('mobileTaken'),
  mobileAvailable: text('mobileAvailable'),
  emailTaken: text('emailTaken'),
  emailAvailable: text('emailAvailable'),
  dunsTaken: text('dunsTaken'),
  dunsAvailable: text('dunsAvailable'),
  nationalIdTaken: (kind: string) => text('nationalIdTaken', { kind }),
  nationalIdValid: (kind: string) => text('nationalIdValid', { kind }),
  noOtpRequested: text('noOtpRequested'),
  fileRequired: text('fileRequired'),
  notMultipart: text('notMultipart'),
  fileEmpty: text('fileEmpty'),
  fileTooLarge: (maxBytes: number) => text('fileTooLarge', { megabytes: Math.round(maxBytes / (1024 * 1024)) }),
  fileTypeNotAccepted: (ext: string, accepted: readonly string[]) =>
    text('fileTypeNotAccepted', { ext: ext || '(none)', accepted: accepted.join(', ') }),
  fileContentMismatch: (claimed: string, found: string) =>
    found === 'unknown' || found === 'binary'
      ? text('fileContentNotClaimed', { claimed })
      : text('fileContentMismatch', { claimed, found }),
  fileFormulaCell: (row: number, column: number, cell: string) =>
    text('fileFormulaCell', { row, column, cell: cell.slice(0, 20) }),
  uploadFilesPerMinute: (files: number, minutes: number) => text('uploadFilesPerMinute', { files, count: minutes }),
  uploadBytesPerMinute: (megabytes: number, minutes: number) => text('uploadBytesPerMinute', { megabytes, count: minutes }),
  uploadQuotaFull: (megabytes: number) => text('uploadQuotaFull', { megabytes }),
  uploadDiskFull: text('uploadDiskFull'),
  fileNotFound: text('fileNotFound'),
  fileNotYours: text('fileNotYours'),
  noSuchQuestion: (questionId: number) => text('noSuchQuestion', { questionId }),
  answerNotAFile: text('answerNotAFile'),
  answerNeedsChoice: (options: readonly string[]) => text('answerNeedsChoice', { options: options.join(', ') }),
  answerYesNo: text('answerYesNo'),
  answerNumber: text('answerNumber'),
  answerDate: text('answerDate'),
  notInList: (what: string) => text('notInList', { what }),
  patternMatchesNoRoute: (nearest: string) => text('patternMatchesNoRoute', { nearest }),
  rowNotFound: text('rowNotFound'),
  snapshotsNeedAddress: text('snapshotsNeedAddress'),
  snapshotMissing: (name: string) => text('snapshotMissing', { name }),
  snapshotStale: (name: string) => text('snapshotStale', { name }),
  listFull: (max: number) => text('listFull', { max }),
  branchNotUnique: text('branchNotUnique'),
  draftDeleted: text('draftDeleted'),
  grievanceDraftDeleted: (number: string) => text('grievanceDraftDeleted', { number }),
  draftNotFound: text('draftNotFound'),
  draftToApplyNotFound: text('draftToApplyNotFound'),
  draftNeedsApproved: text('draftNeedsApproved'),
  draftYearsNotAsked: (years: string) => text('draftYearsNotAsked', { years }),
  bankDraftApplied: (accountNumber: string) => text('bankDraftApplied', { accountNumber }),
  financeDraftApplied: (years: string) => text('financeDraftApplied', { years }),
  branchWhileReview: text('branchWhileReview'),
  branchDetailsWhileReview: text('branchDetailsWhileReview'),
  avenueNotUnique: text('avenueNotUnique'),
  gstinNotUnique: text('gstinNotUnique'),
  gstinPanMismatch: (pan: string) => text('gstinPanMismatch', { pan }),
  ifscUnknown: (ifsc: string) => text('ifscUnknown', { ifsc }),
  financialYearNotAsked: (years: readonly string[]) => text('financialYearNotAsked', { years: years.join(', ') }),
  profileLocked: (status: string) => text(status === 'View' ? 'profileUnderReview' : 'profileApproved'),
  internationalMismatch: text('internationalMismatch'),
  partnerCategoryMismatch: (category: string) => text('partnerCategoryMismatch', { category }),
  yearTooEarly: (year: number) => text('yearTooEarly', { year }),
  submitted: text('submitted'),
  noCurrentCompany: text('noCurrentCompany'),
  onePrimaryOnly: text('onePrimaryOnly'),
  panHolderMismatch: (letter: string, ownership: string) =>
    text('panHolderMismatch', { letter, ownership: ownership.toLowerCase() }),
  panNotInGstins: (gstin: string, row: number) => text('panNotInGstins', { gstin, row }),
  bankBranchExists: (ifsc: string) => text('bankBranchExists', { ifsc }),
  statutoryDuplicate: text('statutoryDuplicate'),
  customerStatutoryDuplicate: text('customerStatutoryDuplicate'),
  partnerScopeOwnOnly: text('partnerScopeOwnOnly'),
  companyNotMapped: (companyCode: number) => text('companyNotMapped', { companyCode }),
  staffSigninOnly: text('staffSigninOnly'),
  ssoTicketInvalid: text('ssoTicketInvalid'),
  workflowNotFound: text('workflowNotFound'),
  adminActionDone: text('adminActionDone'),
  partnerNumberUnknown: (partnerNumber: string) => text('partnerNumberUnknown', { partnerNumber }),
  countryUnknown: (code: number) => text('countryUnknown', { code }),
  requestUnderReview: (requestNumber: string) => text('requestUnderReview', { requestNumber }),
  sameValue: text('sameValue'),
  mergeIntoItself: text('mergeIntoItself'),
  mergeHasRequests: (partnerNumber: string) => text('mergeHasRequests', { partnerNumber }),
  mergeFromDisabled: (partnerNumber: string) => text('mergeFromDisabled', { partnerNumber }),
  notADuplicate: (partnerNumber: string, of: string) => text('notADuplicate', { partnerNumber, of }),
  activationNotPending: text('activationNotPending'),
  noAccount: (partnerNumber: string) => text('noAccount', { partnerNumber }),
  defaultPasswordSent: (email: string) => text('defaultPasswordSent', { email }),
  gstinNotInProfile: (gstin: string) => text('gstinNotInProfile', { gstin }),
  bankAccountNotInProfile: text('bankAccountNotInProfile'),
  questionNotAnswered: text('questionNotAnswered'),
  expiryNotLater: (current: string) => text('expiryNotLater', { current }),
  rekycNeedsApproved: text('rekycNeedsApproved'),
  noticeWelcome: (organizationName: string) => text('noticeWelcome', { organizationName }),
  noticeProfileIncomplete: (percent: number) => text('noticeProfileIncomplete', { percent }),
  noticeBusinessApproved: (business: string) => text('noticeBusinessApproved', { business }),
  noticeSentBack: text('noticeSentBack'),
  noticeRejected: text('noticeRejected'),
  rekycDue: (requestNumber: string, remarks: string) =>
    remarks ? text('rekycDueWithRemarks', { requestNumber, remarks }) : text('rekycDue', { requestNumber }),
  customerNotEditable: (state: string) => text('customerNotEditable', { state: workflowStateName(state) }),
  customerNotFound: text('customerNotFound'),
  customerBranchTaken: (name: string) => text('customerBranchTaken', { name }),
  nothingToSync: (partnerNumber: string) => text('nothingToSync', { partnerNumber }),
  categoryNotFound: (categoryCode: string) => text('categoryNotFound', { categoryCode }),
  workflowWrongState: (state: string, desk: string | null) =>
    desk
      ? text('workflowWrongStateAtDesk', { state: workflowStateName(state), desk: roleName(desk) })
      : text('workflowWrongState', { state: workflowStateName(state) }),
  workflowNotYourDesk: (desk: string | null) =>
    desk ? text('workflowNotYourDesk', { desk: roleName(desk) }) : text('workflowNotYourRequest'),
  workflowRemarksRequired: text('workflowRemarksRequired'),
  workflowMoved: (state: string) => text('workflowMoved', { state: workflowStateName(state) }),
  workflowSentBack: (requestNumber: string, remarks: string) => text('workflowSentBack', { requestNumber, remarks }),
  workflowApproved: (requestNumber: string) => text('workflowApproved', { requestNumber }),
  workflowRejected: (requestNumber: string, remarks: string) => text('workflowRejected', { requestNumber, remarks }),
  profilePictureNotImage: text('profilePictureNotImage'),
  supportInvalidEmail: text('supportInvalidEmail'),
  supportDomainRefused: text('supportDomainRefused'),
  supportOpenChatExists: text('supportOpenChatExists'),
  supportVerifyOtp: text('supportVerifyOtp'),
  supportOtpSent: text('supportOtpSent'),
  supportOtpVerified: text('supportOtpVerified'),
  supportSubmitted: text('supportSubmitted'),
  supportAttachmentSignedIn: text('supportAttachmentSignedIn'),
  grievanceNotFound: text('grievanceNotFound'),
  partnerQueryNotFound: text('partnerQueryNotFound'),
  partnerQueryWrongState: (state: string) => text('partnerQueryWrongState', { state: partnerQueryStateName(state) }),
  partnerQueryMoved: (state: string) => text('partnerQueryMoved', { state: partnerQueryStateName(state) }),
  partnerQueryAnswered: (reference: string, text_: string) => text('partnerQueryAnswered', { reference, text: text_ }),
  partnerQueryResolved: (reference: string) => text('partnerQueryResolved', { reference }),
  grievanceWrongState: (state: string) => text('grievanceWrongState', { state: grievanceStateName(state) }),
  grievanceNotYours: text('grievanceNotYours'),
  grievanceRemarksRequired: text('grievanceRemarksRequired'),
  grievanceReopenWindow: (days: number) => text('grievanceReopenWindow', { days }),
  grievanceMoved: (state: string) => text('grievanceMoved', { state: grievanceStateName(state) }),
  rfqNotFound: text('rfqNotFound'),
  rfqNotOpen: (openingAt: string) => text('rfqNotOpen', { openingAt }),
  rfqClosed: (closingAt: string) => text('rfqClosed', { closingAt }),
  feedbackMandatory: (question: string) => text('feedbackMandatory', { question }),
  feedbackAlreadySubmitted: (period: string) => text('feedbackAlreadySubmitted', { period }),
  feedbackNotFound: text('feedbackNotFound'),
  testimonialNotFound: text('testimonialNotFound'),
  testimonialDeleted: text('testimonialDeleted'),
  companyAlreadyMapped: text('companyAlreadyMapped'),
  companyRequestOpen: (requestNumber: string) => text('companyRequestOpen', { requestNumber }),
  companyRequestApproved: (requestNumber: string, companyName: string) =>
    text('companyRequestApproved', { requestNumber, companyName }),
  grievanceNotDraft: text('grievanceNotDraft'),
  grievanceDocumentUnknown: text('grievanceDocumentUnknown'),
  notYourUpload: text('notYourUpload'),
  grievanceForwarded: (number: string, remarks: string) => text('grievanceForwarded', { number, remarks }),
  grievanceResolved: (number: string, remarks: string) => text('grievanceResolved', { number, remarks }),
  // What the voice WebSocket tells the user, in the language the page names on the socket's address.
  voiceSessionOver: (seconds: number) => text('voiceSessionOver', { seconds }),
  voiceStartFirst: text('voiceStartFirst'),
  voiceOddBytes: text('voiceOddBytes'),
  voiceTooLong: (seconds: number) => text('voiceTooLong', { seconds }),
  voiceControlTooBig: text('voiceControlTooBig'),
  voiceMalformed: (detail: string) => text('voiceMalformed', { detail }),
  voiceNoEngine: text('voiceNoEngine'),
  voiceLanguageUnsupported: (lang: string) => text('voiceLanguageUnsupported', { lang }),
  voiceNothingToStop: text('voiceNothingToStop'),
  voiceNotRecognised: text('voiceNotRecognised'),
  voiceOriginRefused: text('voiceOriginRefused'),
  voiceBusy: text('voiceBusy'),
  voiceTooManySockets: text('voiceTooManySockets'),
  voiceIdle: (seconds: number) => text('voiceIdle', { seconds }),
  numberNotShared: (value: string) => text('numberNotShared', { value }),
} as const;

/** A state or a role by its name in the sentence's language (a nested text); a code the catalogue does not know as itself. */
const named =
  <P extends string>(prefix: P, names: Readonly<Record<string, string>>) =>
  (code: string): Text | string =>
    Object.hasOwn(names, code) ? text(`${prefix}${code}` as TextKey) : code;
const workflowStateName = named('workflowState.', WORKFLOW_STATE_NAMES.en);
const grievanceStateName = named('grievanceState.', GRIEVANCE_STATE_NAMES.en);
const partnerQueryStateName = named('partnerQueryState.', PARTNER_QUERY_STATE_NAMES.en);
const roleName = named('role.', ROLE_NAMES.en);

type InEnglish<T> = { readonly [K in keyof T]: T[K] extends (...args: infer A) => Text ? (...args: A) => string : string };

function inEnglish<T extends Record<string, Text | ((...args: never[]) => Text)>>(texts: T): InEnglish<T> {
  const english: Record<string, unknown> = {};
  for (const [name, made] of Object.entries(texts)) {
    english[name] = typeof made === 'function' ? (...args: never[]) => say(made(...args)) : say(made);
  }
  return english as InEnglish<T>;
}

/** The same messages in English: what logs, mail to the group and tests read. */
export const MESSAGES = /* @__PURE__ */ inEnglish(TEXTS);
