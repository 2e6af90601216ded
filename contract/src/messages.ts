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
} as const;

/** Client error name when a response body says errorCode 401 (spec section 8). */
export const USER_ANONYMOUS = 'USER_ANONYMOUS';
