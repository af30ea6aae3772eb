import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { countries, localDistrictCountries, markupGroups, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';

/**
 * A few more accounts, so user administration shows a real hierarchy: a second local admin
 * (Kazakhstan, Uzbekistan), dealers in Georgia and Kazakhstan, and end users of several
 * dealers (one deactivated). All sign in with the demo password.
 */
const demoTeam = {
  localAdmin: 'ld2@example.com',
  georgianDealer: 'dealer-ge@example.com',
  kazakhDealer: 'dealer-kz@example.com',
} as const;

export const seedDemoTeam = async (tx: Tx, demoPassword: string) => {
  const passwordHash = await hashPassword(demoPassword);
  const countryRows = await tx.select().from(countries);
  const countryId = (code: string) => countryRows.find((c) => c.code === code)?.id ?? null;
  const groupRows = await tx.select().from(markupGroups);
  const groupId = (name: string) => groupRows.find((g) => g.name === name)?.id ?? null;
  const base = { passwordHash };

  await tx
    .insert(users)
    .values([
      {
        ...base,
        email: demoTeam.localAdmin,
        name: 'Nodira Karimova',
        typeId: 2,
        lang: 'ru',
        countryId: countryId('KZ'),
      },
      {
        ...base,
        email: demoTeam.georgianDealer,
        name: 'Tbilisi Systems LLC',
        typeId: 3,
        countryId: countryId('GE'),
        creditLimit: '2000.00',
        markupGroupId: groupId('Silver'),
        needAznCredit: true,
      },
      {
        ...base,
        email: demoTeam.kazakhDealer,
        name: 'Astana Digital LLP',
        typeId: 3,
        lang: 'ru',
        countryId: countryId('KZ'),
        creditLimit: '4000.00',
        markupGroupId: groupId('Gold'),
      },
    ])
    .onConflictDoNothing();

  const dealers = await tx
    .select({ id: users.id, email: users.email, countryId: users.countryId })
    .from(users)
    .where(
      inArray(users.email, ['dealer2@example.com', demoTeam.georgianDealer, demoTeam.kazakhDealer]),
    );
  const dealer = (email: string) => dealers.find((d) => d.email === email);
  const endUser = (email: string, name: string, dealerEmail: string, extra = {}) => {
    const parent = dealer(dealerEmail);
    return parent
      ? [
          {
            ...base,
            email,
            name,
            typeId: 4,
            dealerId: parent.id,
            countryId: parent.countryId,
            ...extra,
          },
        ]
      : [];
  };
  const endUsers = [
    ...endUser('farid@example.com', 'Farid Rzayev', 'dealer2@example.com', { lang: 'az' }),
    ...endUser('elvin@example.com', 'Elvin Guliyev', 'dealer2@example.com', { isActive: false }),
    ...endUser('nino@example.com', 'Nino Beridze', demoTeam.georgianDealer, { needAznCash: true }),
    ...endUser('aigerim@example.com', 'Aigerim Sadykova', demoTeam.kazakhDealer, { lang: 'ru' }),
  ];
  if (endUsers.length > 0) await tx.insert(users).values(endUsers).onConflictDoNothing();

  const [ld2] = await tx.select().from(users).where(eq(users.email, demoTeam.localAdmin));
  const ldCountries = countryRows.filter((c) => ['KZ', 'UZ'].includes(c.code));
  if (ld2 && ldCountries.length > 0) {
    await tx
      .insert(localDistrictCountries)
      .values(ldCountries.map((c) => ({ userId: ld2.id, countryId: c.id })))
      .onConflictDoNothing();
  }
};
