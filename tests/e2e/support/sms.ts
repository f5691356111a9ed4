/** The newest OTP sent to a mobile, from the dev SMS outbox of the host's tenant. */
export async function latestOtp(baseURL: string, mobile: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/dev/sms?mobile=${mobile}`);
  const body = (await res.json()) as { data: { otp: string }[] };
  const otp = body.data[0]?.otp;
  if (!otp) throw new Error(`no OTP in the SMS outbox for ${mobile}`);
  return otp;
}
