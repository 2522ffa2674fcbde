// The 'Account Access' card: Login (default) and Sign Up tabs, used on /auth and on /register.
import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { LoginForm } from './login-form';
import { SignUpForm } from './sign-up-form';

const tabClass = cn(
  'flex-1 rounded-md px-3 py-2 text-sm font-semibold text-stone-700',
  'data-[state=active]:bg-white data-[state=active]:text-stone-950 data-[state=active]:shadow-sm',
);

export function AccountAccess({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const [tab, setTab] = useState('login');
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <Card className="w-full max-w-md">
      <Heading className="text-xl font-semibold">Account Access</Heading>
      <p className="mt-1 text-sm text-stone-600">Log in, or create an account to register your team.</p>
      <Tabs.Root value={tab} onValueChange={setTab} className="mt-5">
        <Tabs.List aria-label="Account access" className="flex gap-1 rounded-lg bg-stone-100 p-1">
          <Tabs.Trigger value="login" className={tabClass}>
            Login
          </Tabs.Trigger>
          <Tabs.Trigger value="signup" className={tabClass}>
            Sign Up
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="login" className="mt-5">
          <LoginForm />
        </Tabs.Content>
        <Tabs.Content value="signup" className="mt-5">
          <SignUpForm onConfirmationNeeded={() => setTab('login')} />
        </Tabs.Content>
      </Tabs.Root>
    </Card>
  );
}
