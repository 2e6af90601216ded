/** User-facing strings of spec sections 2, 7 and 8, worded exactly as the spec gives them. */
export const MESSAGES = {
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
  usernameTaken: 'Username invalid or already registered.',
  usernameAvailable: 'Username Available',
  querySubmitted: 'Your query has been submitted please check email for updates on your query',
  profilePictureUploaded: 'Profile picture uploaded successfully',
  noNotifications: 'No new notifications to show!',
  noGuides: 'No guides available for this page!',
  categoryAuditRecorded: 'User Category Audit Recorded',
  otpSentAnswer: 'OTP sent successfully',
  noRecordsFound: 'No records found',
  recommendedUpload: 'Recommended: .pdf with size less than 200kb',
  modalTitle: 'Partner Portal',
  chatPlaceholder: 'Type your Query here...',
  idleLogout: 'You have been logged out after 20 minutes of inactivity. Please log in again.',
  notAvailableYet: 'This page is not available yet in the local portal.',
  // Server-side answers of our own, where the spec does not give wording.
  invalidCredentials: 'Invalid username or password.',
  authRequired: 'Full authentication is required to access this resource.',
  sessionIdle: 'Your session has expired after 20 minutes of inactivity. Please log in again.',
  sessionEnded: 'Your session has ended. Please log in again.',
  notFound: 'Resource not found.',
  routeNotFound: (method: string, url: string) => `Route ${method}:${url} not found`,
  internalError: 'Something went wrong on our side. Please try again later or contact support.',
  logoutDone: 'Logged out successfully',
  accountNotActive: 'Your account is not active. Please verify your e-mail address or contact support.',
  emailNotVerified: (maskedEmail: string) =>
    `Please verify your e-mail address first: open the link we sent to ${maskedEmail}, or ask us to send it again.`,
  accountLocked: (minutes: number) =>
    `Your account is locked after too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} or reset your password.`,
  tooManyRequests: (minutes: number) =>
    `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyOtpRequests: (minutes: number) =>
    `Too many OTP requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  otpVerified: 'OTP verified successfully',
  otpInvalid: (attemptsLeft: number) =>
    `Invalid OTP. ${attemptsLeft} attempt${attemptsLeft === 1 ? '' : 's'} left.`,
  otpDead: 'This OTP has expired or was tried too many times. Please request a new OTP.',
  otpNotVerified: 'Please verify the OTP sent to your mobile number first.',
  registrationDone: 'Registration successful. We have sent a verification link to your e-mail address.',
  activationDone: 'Your e-mail address is verified. You can now log in.',
  activationInvalid: 'This verification link is invalid or has expired. Ask for a new one from the login page.',
  activationSent: 'Verification e-mail sent. Please check your inbox.',
  alreadyVerified: 'This account is already verified. Please log in.',
  passwordChanged: 'Password changed successfully',
  passwordReset: 'Your password has been reset. Please log in with the new password.',
  oldPasswordWrong: 'The current password is not correct.',
  samePassword: 'The new password must differ from the current one.',
  resetOtpSent: (destination: string) => `OTP has been sent to ${destination}. Kindly enter OTP and verify.`,
  noSuchAccount: 'No active account has this user name.',
  emailDomainBlocked: 'E-mail addresses of this domain cannot be used for registration. Please use your company e-mail.',
} as const;

/** Client error name when a response body says errorCode 401 (spec section 8). */
export const USER_ANONYMOUS = 'USER_ANONYMOUS';
