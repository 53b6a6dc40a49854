import { CART_MAX_TIPS, PASSWORD_MAX, PASSWORD_MIN, RESET_CODE_TTL_MINUTES } from './constants';
import { CREDITS_MAX, CREDITS_MIN } from './pricing';

// The one error body every API failure returns; the web client parses the same shape.
export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  // 403: the account's email address is not verified yet, and the action needs it (buying).
  'EMAIL_NOT_VERIFIED',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'CONFLICT',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

// Every user-facing message. Those quoted in SPEC §5 and §8 are verbatim; keep them so.
export const MESSAGES = {
  // Login (SPEC §5)
  loginUsernameRequired: 'Username / Email field is required',
  loginPasswordRequired: 'Password is required',
  invalidCredentials: 'Invalid username or password',

  // Registration (SPEC §5)
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  countryRequired: 'Country is required.',
  phoneRequired: 'Phone number is required.',
  usernameRequired: 'Username is required.',
  emailRequired: 'Email address is required.',
  passwordRequired: 'Password is required.',
  passwordsMustMatch: 'Passwords must match.',
  usernameTaken: 'This username is already taken.',
  emailTaken: 'This email is already taken.',
  phoneTooShort: 'Phone number must be at least 6 characters long.',
  mustBeAdult: 'You must be 18 or older.',
  mustAcceptTerms: 'You must accept the terms.',
  usernameInvalid: 'Username must be 3 to 32 characters: letters, digits, dot, underscore or hyphen.',
  emailInvalid: 'Enter a valid email address.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters long.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters long.`,
  phoneInvalid: 'Phone number may contain only digits, spaces, +, -, and parentheses.',
  fieldTooLong: 'This field is too long.',
  controlCharacters: 'Text must not contain control characters.',
  emailNotVerified:
    'Please verify your email address before buying: use the link we emailed you, or ask for a new one.',
  verificationEmailSent: 'We sent you a new verification link. Check your inbox.',
  emailAlreadyVerified: 'Your email address is already verified.',
  recaptchaFailed: 'Bot check failed. Please reload the page and try again.',
  registered: 'Registration successful. Please check your email to verify your account.',

  // Account recovery and verification (SPEC §2/§8)
  resetLinkSent: `If an account exists for this email, we have sent a link to reset your password. Please check your SPAM folder too. The link is valid for ${RESET_CODE_TTL_MINUTES} minutes.`,
  resetCodeInvalid: 'This reset link is invalid or has expired.',
  passwordReset: 'Your password has been reset. You will be redirected to the login page.',
  verifyCodeInvalid: 'This verification link is invalid or has expired.',
  emailVerified: 'Email successfully verified, you will be redirected to login page soon.',
  sessionExpired: 'Your session has expired. Please log in again.',
  verificationResent:
    'If this address belongs to an account that still needs confirming, we have sent a new verification link. Please check your SPAM folder too.',
  handoffInvalid: 'This sign-in link has expired. Please log in again.',

  // Safer gambling follows the person, not only the account (decision 111). The same words
  // whichever role the address plays (payer, contact, delivery), and never which kind of block or
  // until when: that is the account owner's business, not a stranger's who typed the address.
  addressPurchasesPaused:
    'Purchases for this email address are paused under our safer-gambling rules. Please contact support if you think this is a mistake.',
  manualOrderBuyerPaused:
    "This request cannot be confirmed: the buyer's time-out, self-exclusion or spending limit now refuses it. Reject it and return the payment by the method it came by.",

  // Profile (SPEC §8)
  profileUpdated: 'Profile successfully updated.',
  profileUpdateFailed: "Couldn't update your profile.",
  imageUpdated: 'Profile image updated.',
  imageUpdateFailed: "Profile image couldn't be updated.",
  imageInvalid: 'Please choose an image file (JPEG, PNG or WebP).',
  imageTooLarge: 'The image is too large.',
  currentPasswordRequired: 'Current password is required.',
  currentPasswordWrong: 'Current password is incorrect.',
  passwordChanged: 'Password changed.',

  // Following (SPEC §8)
  followed: (name: string) => `You are now following tipster ${name}`,
  unfollowed: (name: string) => `You unfollowed tipster ${name}`,
  notFollowingAny: "You currently aren't following any tipsters",

  // Cart and purchases (SPEC §2/§8)
  tipAddedToCart: 'The tip was added to your cart.',
  tipRemoved: 'Tip removed from cart',
  tipsEmailed: 'Tips will be sent to your email soon, please check SPAM folder!',
  paymentSuccess:
    'Payment successful! Tips are now available on your Dashboard in the "Running Tips" section and also have been sent to your email.',
  notEnoughCredits: 'Not enough credits.',
  paypalScriptFailed: 'Failed to load the PayPal JS SDK script.',
  cartEmpty: 'Your cart is empty.',
  cartTooLarge: `Your cart can hold at most ${CART_MAX_TIPS} tips.`,
  cartDuplicate: 'A tip appears twice in your cart.',
  tipNotFound: 'Tip not found',
  tipSalesClosed: 'Sales for this tip are closed',
  tipAlreadyOwned: 'You already own this tip',
  tipOwnTip: 'You cannot buy your own tip',
  creditsOutOfRange: `Credits must be a whole number from ${CREDITS_MIN} to ${CREDITS_MAX}.`,
  paymentMethodInvalid: 'This payment method is not available here.',
  orderNotFound: 'Order not found',
  orderAlreadyProcessed: 'This order has already been processed.',
  paymentFailed: 'The payment could not be completed. You have not been charged.',
  paymentUnavailable: 'Card payments are unavailable right now. Please try again later.',
  purchaseRequested: 'Your request has been received. Payment instructions have been sent to your email.',

  // Tipsters
  tipsterNotFound: 'Tipster not found',
  cannotFollowSelf: 'You cannot follow yourself',

  // Becoming a tipster (issue #28, decision 140)
  tipsterDisplayNameRequired: 'Display name is required.',
  tipsterBioRequired: 'Tell buyers about yourself in at least 20 characters.',
  tipsterMarketsRequired: 'Choose at least one market you cover.',
  mustAcceptCharter: 'You must accept the tipster charter.',
  alreadyTipster: 'Your account is already a tipster.',
  tipsterNameTaken: 'This display name is already used by another tipster.',

  // Contact
  contactNameRequired: 'Name is required.',
  contactSubjectRequired: 'Subject is required.',
  contactMessageRequired: 'Message is required.',
  contactSent: 'Thank you, your message has been sent.',

  // Generic (error handler)
  invalidId: 'Invalid id',
  minPriceExceedsMax: 'minPrice must not exceed maxPrice',
  badRequest: 'The request is invalid.',
  unauthorized: 'Please log in to continue.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'Not found',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  internal: 'Something went wrong. Please try again later.',
  unavailable: 'The service is temporarily unavailable. Please try again later.',
} as const;

export type MessageKey = keyof typeof MESSAGES;
