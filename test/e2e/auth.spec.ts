import { expect } from '@playwright/test';
import { test } from './fixtures.js';
import { openAccountMenu, registerThroughUi, signOutThroughAvatarMenu, uniqueAccount } from './helpers.js';

test.describe('registration and sign-in', () => {
  test('a creator registers, stays signed in across a reload, signs out and logs back in', async ({ page }) => {
    const account = uniqueAccount('creator');
    await registerThroughUi(page, account, 'Creator');

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in / Sign up' })).toHaveCount(0);

    await openAccountMenu(page);
    const menu = page.getByRole('menu');
    await expect(menu.getByText(account.username, { exact: true })).toBeVisible();
    await expect(menu.getByText(account.email)).toBeVisible();
    for (const item of ['Your Profile', 'My Projects', 'Messages', 'Notifications', 'Sign out']) {
      await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
    }
    await page.keyboard.press('Escape');

    await signOutThroughAvatarMenu(page);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Log in / Sign up' })).toBeVisible();

    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password').fill(account.password);
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login successful')).toBeVisible();
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a developer registers and the header shows the signed-in navigation', async ({ page }) => {
    const account = uniqueAccount('dev');
    await registerThroughUi(page, account, 'Developer');

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Developers' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/messages');
    await expect(header.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');
  });

  test('a wrong password shows the server message in a Login failed toast', async ({ page }) => {
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill('maya@demo.finishline.dev');
    await form.getByLabel('Password').fill('not-the-password');
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login failed')).toBeVisible();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a duplicate email shows a Registration failed toast', async ({ page }) => {
    await page.goto('/auth?tab=register');
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Username').fill(uniqueAccount('dup').username);
    await form.getByLabel('Email').fill('maya@demo.finishline.dev');
    await form.getByLabel('Password').fill('correct-horse');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Registration failed')).toBeVisible();
  });

  test('the forms validate on the client with the spec messages', async ({ page }) => {
    await page.goto('/auth');
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Email').fill('not-an-email');
    await login.getByLabel('Password').fill('123');
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(login.getByText('Please enter a valid email')).toBeVisible();
    await expect(login.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(login.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('tab', { name: 'Register' }).click();
    await expect(page).toHaveURL(/tab=register/);
    const register = page.getByRole('form', { name: 'Register' });
    await register.getByLabel('Username').fill('ab');
    await register.getByLabel('Email').fill('nope');
    await register.getByLabel('Password').fill('12345');
    await register.getByRole('button', { name: 'Create account' }).click();
    await expect(register.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(register.getByText('Please enter a valid email')).toBeVisible();
    await expect(register.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(register.getByLabel('Role')).toHaveText(/Creator/);
  });

  test('a signed-in user who opens /auth is sent to /dashboard', async ({ page }) => {
    await registerThroughUi(page, uniqueAccount('back'), 'Creator');
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
