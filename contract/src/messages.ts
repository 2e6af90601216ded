/**
 * The texts the web app shows itself (spec sections 2 and 8, worded exactly as the spec gives
 * them): kept apart so the first page carries these and not every server message.
 */
export const UI_MESSAGES = {
  accessDenied: 'Access Denied!. You are not allowed to access the requested page. please contact support',
  navigationError: 'Error navigating to requested page',
  companyListNetworkFailure: 'Error getting company list. Please contact support.',
  companySwitchFailure: 'Something went wrong!',
  supportFailure: 'Something went wrong! Please contact support.',
  uploadFailure: 'Something went wrong. Try After Sometime',
  serviceDown:
    'Service is down temporarily or not able to reach server for the moment. Please try again later or contact support.',
  sharepointDown: 'Sharepoint service is down temporarily',
  chatTrouble: 'I have trouble connecting... Please Try again later!',
  chatTroubleGuru: 'Trouble connecting Guru! Try again later...',
  chatBadResponse: 'Bad API response!',
  uploadInvalid: 'Please upload valid file',
  uploadOnlyOne: 'Only one file can be upload',
  noNotifications: 'No new notifications to show!',
  categoryAuditRecorded: 'User Category Audit Recorded',
  otpSentAnswer: 'OTP sent successfully',
  recommendedUpload: 'Recommended: .pdf with size less than 200kb',
  modalTitle: 'Partner Portal',
  chatPlaceholder: 'Type your Query here...',
  idleLogout: 'You have been logged out after 20 minutes of inactivity. Please log in again.',
  notAvailableYet: 'This page is not available yet in the local portal.',
  sessionIdle: 'Your session has expired after 20 minutes of inactivity. Please log in again.',
  sessionEnded: 'Your session has ended. Please log in again.',
  internalError: 'Something went wrong on our side. Please try again later or contact support.',
  serviceUnavailable: 'The portal cannot reach its database for the moment. Please try again in a moment.',
  activationInvalid: 'This verification link is invalid or has expired. Ask for a new one from the login page.',
  otpSentTo: (destination: string) => `OTP has been sent to ${destination}. Kindly enter OTP and verify.`,
} as const;

/** User-facing strings of spec sections 2, 7 and 8 (the server's answers among them), worded exactly as the spec gives them. */
export const MESSAGES = {
  ...UI_MESSAGES,
  usernameTaken: 'Username invalid or already registered.',
  usernameAvailable: 'Username Available',
  querySubmitted: 'Your query has been submitted please check email for updates on your query',
  profilePictureUploaded: 'Profile picture uploaded successfully',
  noGuides: 'No guides available for this page!',
  noRecordsFound: 'No records found',
  // Server-side answers of our own, where the spec does not give wording.
  invalidCredentials: 'Invalid username or password.',
  authRequired: 'Full authentication is required to access this resource.',
  categoryNotRegistered: (categoryCode: string, companyCode: number) =>
    `You are not registered for category ${categoryCode} with company ${companyCode}.`,
  notificationNotFound: 'Notification not found.',
  speechBusy: 'Speech synthesis is busy; please try again shortly.',
  noIdentityCard: (countryCode: number) => `No national identifier is known for country ${countryCode}.`,
  noBusinessTerms: (categoryCode: string, companyCode: number) =>
    `No terms are published for business ${categoryCode} of company ${companyCode}.`,
  partnerOnly: 'These details belong to partner accounts; staff accounts have none.',
  permissionRequired: (permission: string) => `Your role does not hold the permission ${permission}.`,
  internalOnly: 'Only the chat gateway may call this endpoint.',
  notFound: 'Resource not found.',
  clientError: (status: number) =>
    status === 431
      ? 'The request headers are too large.'
      : status === 408
        ? 'The request took too long to arrive.'
        : 'The request is malformed and could not be read.',
  bodyTooLarge: (maxBytes: number) =>
    `The request body is larger than the ${Math.round(maxBytes / 1024)} KB this service accepts.`,
  routeNotFound: (method: string, url: string) => `Route ${method}:${url} not found`,
  badUrl: (path: string) => `The address ${path} is not valid: a part of it is not correctly percent-encoded.`,
  pathParameterTooLong: (max: number) => `A path parameter is longer than ${max} characters.`,
  logoutDone: 'Logged out successfully',
  accountNotActive: 'Your account is not active. Please verify your e-mail address or contact support.',
  emailNotVerified: (maskedEmail: string) =>
    `Please verify your e-mail address first: open the link we sent to ${maskedEmail}, or ask us to send it again.`,
  signinDelayed: (seconds: number) =>
    seconds < 120
      ? `Too many sign-in attempts for this user name. Please try again in ${seconds} second${seconds === 1 ? '' : 's'} or reset your password.`
      : `Too many sign-in attempts for this user name. Please try again in ${Math.ceil(seconds / 60)} minutes or reset your password.`,
  tooManyRequests: (minutes: number) => `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyOtpRequests: (minutes: number) =>
    `Too many OTP requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  otpVerified: 'OTP verified successfully',
  otpInvalid: (attemptsLeft: number) => `Invalid OTP. ${attemptsLeft} attempt${attemptsLeft === 1 ? '' : 's'} left.`,
  otpDead: 'This OTP has expired or was tried too many times. Please request a new OTP.',
  otpNotVerified: 'Please verify the OTP sent to your mobile number first.',
  registrationDone: 'Registration successful. We have sent a verification link to your e-mail address.',
  activationDone: 'Your e-mail address is verified. You can now log in.',
  activationSent: 'Verification e-mail sent. Please check your inbox.',
  passwordChanged: 'Password changed successfully',
  passwordReset: 'Your password has been reset. Please log in with the new password.',
  oldPasswordWrong: 'The current password is not correct.',
  samePassword: 'The new password must differ from the current one.',
  /** The same answer whether or not the name exists, so the reset page does not tell who has an account. */
  resetOtpRequested:
    'If this user name belongs to an active account, we have sent an OTP to the mobile number or e-mail address registered for it. Kindly enter OTP and verify.',
  emailDomainBlocked: 'E-mail addresses of this domain cannot be used for registration. Please use your company e-mail.',
  emailDomainAccepted: 'E-mail domain is accepted.',
  mobileTaken: 'This mobile number is already registered with us.',
  mobileAvailable: 'Mobile number is available.',
  emailTaken: 'This e-mail address is already registered with us.',
  emailAvailable: 'E-mail address is available.',
  dunsTaken: 'This DUNS number is already registered with us.',
  dunsAvailable: 'DUNS number is available.',
  nationalIdTaken: (kind: string) => `This ${kind} is already registered with us.`,
  nationalIdValid: (kind: string) => `${kind} is valid.`,
  noOtpRequested: 'No OTP was requested for this user name; request one first.',
  // Uploads and onboarding.
  fileRequired: 'A file is required in the multipart field "file".',
  notMultipart: 'An upload must be sent as multipart/form-data, with the file in the field "file".',
  fileEmpty: 'The file is empty.',
  fileTooLarge: (maxBytes: number) => `The file is larger than the ${Math.round(maxBytes / (1024 * 1024))} MB allowed.`,
  fileTypeNotAccepted: (ext: string, accepted: readonly string[]) =>
    `Please upload valid file: .${ext || '(none)'} is not accepted here (accepted: ${accepted.join(', ')}).`,
  fileContentMismatch: (claimed: string, found: string) =>
    `Please upload valid file: the name says .${claimed} but the content is ${found === 'unknown' || found === 'binary' ? 'not a .' + claimed + ' file' : found}.`,
  fileFormulaCell: (row: number, column: number, cell: string) =>
    `Please upload valid file: row ${row}, column ${column} begins with "${cell.slice(0, 20)}", which a spreadsheet would run as a formula. Put an apostrophe (') before it, or remove it.`,
  uploadFilesPerMinute: (files: number, minutes: number) =>
    `You may upload at most ${files} files a minute. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  uploadBytesPerMinute: (megabytes: number, minutes: number) =>
    `You may upload at most ${megabytes} MB a minute. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  uploadQuotaFull: (megabytes: number) =>
    `An account may keep at most ${megabytes} MB of files, and this one would go past it. Files that no form uses are removed a day after upload.`,
  uploadDiskFull: 'The document store is full for the moment. Please try again later or contact support.',
  fileNotFound: 'File not found.',
  fileNotYours: 'This file was not uploaded by you.',
  onlyOneFile: 'Only one file can be upload',
  noSuchQuestion: (questionId: number) => `Question ${questionId} is not asked in this profile.`,
  answerNotAFile: 'This question takes no files.',
  answerNeedsChoice: (options: readonly string[]) => `Choose one of: ${options.join(', ')}.`,
  answerYesNo: 'Answer Y or N.',
  answerNumber: 'Enter a number that is not negative.',
  answerDate: 'Enter a date as YYYY-MM-DD.',
  notInList: (what: string) => `Not a known ${what}.`,
  rowNotFound: 'No such row in this profile.',
  listFull: (max: number) => `At most ${max} rows can be kept here.`,
  branchNotUnique: 'A branch with this name and street already exists.',
  draftDeleted: 'Draft deleted',
  draftNotFound: 'There was no draft to delete.',
  branchWhileReview: 'Your profile is under review: add branches once it is approved or sent back to you.',
  avenueNotUnique: 'This vertical and cluster are already listed.',
  gstinNotUnique: 'This GSTIN is already listed.',
  gstinPanMismatch: (pan: string) => `The PAN inside this GSTIN is not the PAN of the profile (${pan}).`,
  ifscUnknown: (ifsc: string) => `No bank branch is known for IFSC ${ifsc}. Please check it, or ask us to add the branch.`,
  financialYearNotAsked: (years: readonly string[]) => `Financial details are asked for ${years.join(', ')} only.`,
  profileLocked: (status: string) =>
    `The profile is ${status === 'View' ? 'submitted and under review' : 'approved'}: it cannot be changed now.`,
  internationalMismatch: 'isInternational does not match the country the partner registered in.',
  partnerCategoryMismatch: (category: string) => `${category} is not the business of this profile.`,
  yearTooEarly: (year: number) => `Financial details are not asked for years before incorporation (${year}).`,
  submitted: 'Onboarding profile submitted.',
  noCurrentCompany: 'Choose a company and business from the profile menu first.',
  onePrimaryOnly: 'Only one bank account can be the primary one.',
  panHolderMismatch: (letter: string, ownership: string) =>
    `The 4th letter of a PAN of a ${ownership.toLowerCase()} is ${letter}: please check the PAN or the ownership type.`,
  panNotInGstins: (gstin: string, row: number) => `GSTIN ${gstin} (row ${row}) holds another PAN: change it first.`,
  bankBranchExists: (ifsc: string) => `IFSC ${ifsc} is already in the master.`,
  statutoryDuplicate: 'This number is already registered with another partner.',
  partnerScopeOwnOnly: 'Partners may check numbers against their own partner id only.',
  staffSigninOnly: 'This sign-in is for group staff. Partners log in on the portal.',
  ssoTicketInvalid: 'This sign-in link is not valid any more. Please sign in again.',
  workflowNotFound: 'No such request.',
  adminActionDone: 'Done. The change is recorded in the admin audit.',
  partnerNumberUnknown: (partnerNumber: string) => `No partner ${partnerNumber}.`,
  countryUnknown: (code: number) => `No country ${code}.`,
  requestUnderReview: (requestNumber: string) =>
    `Request ${requestNumber} is under review: finish or send it back before changing this.`,
  sameValue: 'That is the value it has already.',
  mergeIntoItself: 'A partner cannot be merged into itself.',
  mergeHasRequests: (partnerNumber: string) =>
    `Partner ${partnerNumber} has submitted requests: merge only an account that never submitted one.`,
  notADuplicate: (partnerNumber: string, of: string) =>
    `Partner ${partnerNumber} shares no PAN, GSTIN, bank account, national id, e-mail or mobile with ${of}: it is not a duplicate of it.`,
  activationNotPending: 'This account has verified its e-mail address already.',
  noAccount: (partnerNumber: string) => `Partner ${partnerNumber} has no sign-in account.`,
  defaultPasswordSent: (email: string) => `A new password was sent to ${email}. The partner's sessions have ended.`,
  gstinNotInProfile: (gstin: string) => `GSTIN ${gstin} is not in this profile.`,
  bankAccountNotInProfile: 'No such bank account in this profile.',
  questionNotAnswered: 'This question has no answer with a validity date in this profile.',
  expiryNotLater: (current: string) => `The new date must be later than the current one (${current}).`,
  rekycNeedsApproved: 'A re-KYC opens on an approved profile whose latest request is approved.',
  rekycDue: (requestNumber: string, remarks: string) =>
    `Your periodic re-verification (re-KYC) ${requestNumber} is due: check your profile, update what changed, and submit it.${remarks ? ` ${remarks}` : ''}`,
  customerNotEditable: (state: string) =>
    `This customer's request is at ${state}: it can be changed only as a draft or when sent back.`,
  customerNotFound: 'No such customer.',
  customerBranchTaken: (name: string) => `This customer has a branch named ${name} already.`,
  nothingToSync: (partnerNumber: string) => `Partner ${partnerNumber} has no profile or request to sync.`,
  categoryNotFound: (categoryCode: string) => `No business category ${categoryCode}.`,
  workflowWrongState: (state: string, desk: string | null) =>
    `This request is at ${state}${desk ? `, waiting for the ${desk.toLowerCase()}` : ''}: that action cannot be taken there.`,
  workflowNotYourDesk: (desk: string | null) =>
    desk
      ? `This request waits for the ${desk.toLowerCase()}; your role cannot act on it.`
      : 'Your role cannot act on this request.',
  workflowRemarksRequired: 'Please give your remarks: they are recorded and sent to the partner.',
  workflowMoved: (state: string) =>
    `Someone else acted on this request first: it is now at ${state}. Reload it to see what changed.`,
  workflowSentBack: (requestNumber: string, remarks: string) =>
    `Your onboarding request ${requestNumber} was sent back for changes: ${remarks}`,
  workflowApproved: (requestNumber: string) => `Your onboarding request ${requestNumber} is approved. Welcome aboard.`,
  workflowRejected: (requestNumber: string, remarks: string) =>
    `Your onboarding request ${requestNumber} was rejected: ${remarks}`,
  profilePictureNotImage: 'must be an image you uploaded as a profile picture (module PTM)',
  supportInvalidEmail: 'Kindly enter valid email.',
  supportDomainRefused: 'Email id of this domain are not allowed. Kindly use helpdesk.',
  supportOpenChatExists:
    'Open chat with this email already exists kindly check existing email notifications to find link to the chat',
  supportVerifyOtp: 'Kindly verify Email OTP and try again',
  supportOtpSent: 'OTP sent successfully',
  supportOtpVerified: 'OTP verified successfully',
  supportSubmitted: 'Your query has been submitted please check email for updates on your query',
  supportAttachmentSignedIn: 'only signed-in partners may attach a file',
  grievanceNotFound: 'No such grievance.',
  grievanceWrongState: (state: string) =>
    `This grievance is ${state.toLowerCase().replace('_', ' ')}: that step cannot be taken now.`,
  grievanceNotYours: 'That step is not yours to take on this grievance.',
  grievanceRemarksRequired: 'Please say why: your words are recorded in the grievance history.',
  grievanceReopenWindow: (days: number) =>
    `A grievance can be reopened within ${days} days of being resolved or closed; please raise a new one.`,
  grievanceMoved: (state: string) =>
    `Someone else acted on this grievance first: it is now ${state.toLowerCase().replace('_', ' ')}. Reload it to see what changed.`,
  rfqNotFound: 'No such RFQ or auction is open to your business.',
  rfqNotOpen: (openingAt: string) => `Bidding has not opened yet: it opens at ${openingAt}.`,
  rfqClosed: (closingAt: string) => `Bidding closed at ${closingAt}; bids are no longer taken.`,
  feedbackMandatory: (question: string) => `is mandatory: please answer "${question}"`,
  feedbackAlreadySubmitted: (period: string) =>
    `Your feedback for ${period} has been submitted already; the next quarter's opens when it begins.`,
  feedbackNotFound: 'No such feedback.',
  testimonialNotFound: 'No such testimonial.',
  testimonialDeleted: 'Testimonial deleted',
  companyAlreadyMapped: 'You already work with this company in this business.',
  companyRequestOpen: (requestNumber: string) => `Your request ${requestNumber} for this company and business is still open.`,
  companyRequestApproved: (requestNumber: string, companyName: string) =>
    `Your request ${requestNumber} to work with ${companyName} is approved: switch to it from the company menu and complete its profile.`,
  grievanceNotDraft: 'Only a draft can be changed or deleted; an open grievance changes by its steps.',
  grievanceDocumentUnknown: 'is not the number of one of your orders or invoices',
  notYourUpload: 'must be a file you uploaded',
  grievanceForwarded: (number: string, remarks: string) => `Your grievance ${number} was passed on for review: ${remarks}`,
  grievanceResolved: (number: string, remarks: string) =>
    `Your grievance ${number} is resolved: ${remarks} If this does not settle it, you may reopen it.`,
} as const;

/** What the voice WebSocket and the chat's microphone tell the user. */
export const VOICE_MESSAGES = {
  sessionOver: (seconds: number) => `Voice sessions end after ${seconds} seconds.`,
  startFirst: 'Send {"type":"start","lang":…,"sampleRate":…} before audio.',
  oddBytes: 'Audio frames must hold whole 16-bit samples (an even number of bytes).',
  tooLong: (seconds: number) => `Please keep it under ${seconds} seconds; start again.`,
  controlTooBig: 'Control messages are limited to 1 KB.',
  malformed: (detail: string) => `Malformed control message: ${detail}`,
  noEngine: 'Voice input is not available: no speech engine is installed on the server. Please type your question.',
  languageUnsupported: (lang: string) =>
    `Voice input is not available in ${lang} yet: the speech engine knows English only. Please type your question.`,
  nothingToStop: 'Nothing to stop: no voice session was started.',
  notRecognised: 'Sorry, the speech could not be recognised. Please type your question.',
  notReachable: 'Voice input is not reachable right now. Please type your question.',
  originRefused: "Voice input opens only from the portal's own pages.",
  busy: 'Voice input is busy right now. Please try again in a moment, or type your question.',
  tooManySockets: 'Too many voice sessions are open from your network. Please close one and try again.',
  idle: (seconds: number) => `The voice session was closed after ${seconds} seconds without audio.`,
  microphoneBlocked: 'The microphone could not be opened. Please allow it in the browser, or type your question.',
} as const;

/** Client error name when a response body says errorCode 401 (spec section 8). */
export const USER_ANONYMOUS = 'USER_ANONYMOUS';
