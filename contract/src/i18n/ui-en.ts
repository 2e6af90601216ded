/**
 * The texts the web app shows itself (spec sections 2 and 8, worded exactly as the spec gives
 * them), in English: kept apart from the server's so the first page carries these and not every
 * server message. `{{x}}` marks a parameter; ui-hi.ts gives every key its Hindi.
 */
export const UI_TEXTS_EN = {
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
  microphoneBlocked: 'The microphone could not be opened. Please allow it in the browser, or type your question.',
  voiceNotReachable: 'Voice input is not reachable right now. Please type your question.',
  uploadInvalid: 'Please upload valid file',
  uploadOnlyOne: 'Only one file can be upload',
  noNotifications: 'No new notifications to show!',
  categoryAuditRecorded: 'User Category Audit Recorded',
  otpSentAnswer: 'OTP sent successfully',
  recommendedUpload: 'Recommended: .pdf with size less than 200kb',
  modalTitle: 'Partner Portal',
  chatPlaceholder: 'Type your Query here...',
  idleLogout: 'You have been logged out after 20 minutes of inactivity. Please log in again.',
  sessionIdle: 'Your session has expired after 20 minutes of inactivity. Please log in again.',
  sessionEnded: 'Your session has ended. Please log in again.',
  internalError: 'Something went wrong on our side. Please try again later or contact support.',
  serviceUnavailable: 'The portal cannot reach its database for the moment. Please try again in a moment.',
  activationInvalid: 'This verification link is invalid or has expired. Ask for a new one from the login page.',
  otpSentTo: 'OTP has been sent to {{destination}}. Kindly enter OTP and verify.',
} as const;

export type UiTextKey = keyof typeof UI_TEXTS_EN;
