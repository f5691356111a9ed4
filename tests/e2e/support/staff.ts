import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { LoginPage } from '../pages/login.page';
import { officerToken } from './application-server';
import { latestOtp } from './sms';

/** 560001's centroid in the pincode dataset is 12.976594, 77.599271. */
export const NEAR_560001 = { latitude: 12.9766, longitude: 77.5993 };

/** A member of staff signed in through the login page, camera and position granted (near 560001); page errors go to `problems`. */
export async function signInStaff(context: BrowserContext, baseURL: string, mobile: string, problems: string[]): Promise<Page> {
  await context.grantPermissions(['camera', 'geolocation'], { origin: baseURL });
  await context.setGeolocation(NEAR_560001);
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await new LoginPage(page, baseURL).signIn(mobile, (m) => latestOtp(baseURL, m));
  await page.getByRole('article', { name: 'Applications' }).waitFor();
  return page;
}

/** A review move through the API (PATCH status), as the signed-in member of staff of `page`. */
export async function moveTo(baseURL: string, page: Page, id: string, status: string): Promise<void> {
  const res = await fetch(`${baseURL}/api/v1/app/mfi/${id}`, {
    method: 'PATCH',
    headers: { token: await officerToken(page), 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}
