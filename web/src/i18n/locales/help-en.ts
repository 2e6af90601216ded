/**
 * Texts of the help every visitor gets on the side of the page (the support form and the video
 * guides), in English; they load with the flaps (i18n/index.ts), not with /home's first paint.
 */
export const helpTextsEn = {
  help: {
    'support.title': 'Ask Partner Portal support',
    myQueries: 'Your queries',
    'guides.title': 'Video guides for this page',
    'guides.empty': 'No guides available for this page!',
    close: 'Close',
    name: 'Name',
    email: 'E-mail',
    otp: 'E-mail OTP',
    verify: 'Verify',
    verified: 'E-mail verified',
    message: 'Describe your issue',
    messageHint: '{{count}} of 500 characters; at least 50.',
    attachment: 'Attach a file (optional)',
    submit: 'Submit',
    otpSent: 'OTP has been sent to {{email}}. Kindly enter OTP and verify.',
    otpVerified: 'Your e-mail is verified. Describe your issue and submit.',
    invalidEmail: 'Kindly enter valid email.',
    verifyFirst: 'Kindly verify Email OTP and try again',
    openChat: 'Open chat with this email already exists kindly check existing email notifications to find link to the chat',
    failure: 'Something went wrong! Please contact support.',
    submitted: 'Your query has been submitted please check email for updates on your query',
  },
} as const;
