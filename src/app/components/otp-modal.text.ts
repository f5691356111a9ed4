import { featureText } from '../i18n/feature-text';

/** The OTP dialog's words (the borrower's mobile and Aadhaar checks): with the dialog, not in the shell. */
export const otpModalText = featureText(
  {
    'otp.titleMobile': 'Verify Mobile',
    'otp.titleAadhaar': 'Verify Aadhaar',
    'otp.sentToMobile': 'Enter the OTP sent to {destination}',
    'otp.sentToAadhaar': 'Enter the OTP sent to the mobile linked with Aadhaar {destination}',
    'otp.sentToYou': 'Enter the OTP sent to your mobile',
    'otp.sending': 'Sending OTP...',
    'otp.sent': 'OTP sent',
    'otp.resent': 'OTP sent again',
    'otp.verify': 'Verify OTP',
    'otp.verifying': 'Verifying...',
    'otp.resendIn': 'Resend OTP in {seconds}s',
    'otp.resend': 'Resend OTP',
  },
  {
    'otp.titleMobile': 'मोबाइल सत्यापित करें',
    'otp.titleAadhaar': 'आधार सत्यापित करें',
    'otp.sentToMobile': '{destination} पर भेजा गया OTP दर्ज करें',
    'otp.sentToAadhaar': 'आधार {destination} से जुड़े मोबाइल पर भेजा गया OTP दर्ज करें',
    'otp.sentToYou': 'आपके मोबाइल पर भेजा गया OTP दर्ज करें',
    'otp.sending': 'OTP भेजा जा रहा है...',
    'otp.sent': 'OTP भेजा गया',
    'otp.resent': 'OTP फिर से भेजा गया',
    'otp.verify': 'OTP सत्यापित करें',
    'otp.verifying': 'सत्यापित किया जा रहा है...',
    'otp.resendIn': '{seconds} सेकंड में OTP फिर से भेजें',
    'otp.resend': 'OTP फिर से भेजें',
  },
);
