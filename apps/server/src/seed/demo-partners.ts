import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { countries, partnerApplications, users } from '../db/schema';

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

/** "Become a Partner" applications for the review page: two waiting, one declined. */
export const seedPartnerApplications = async (tx: Tx) => {
  const rows = await tx.select().from(countries);
  const countryId = (code: string) => rows.find((c) => c.code === code)?.id;
  const az = countryId('AZ');
  const ge = countryId('GE');
  if (!az || !ge) return;
  const [gd] = await tx.select().from(users).where(eq(users.email, 'gd@example.com'));
  const base = {
    contractStartDate: '2025-01-15',
    addressLine2: '',
    position: 'Director',
  };
  await tx
    .insert(partnerApplications)
    .values([
      {
        ...base,
        companyName: 'Sumgait Systems LLC',
        voen: '1401234567',
        contractNumber: 'ESD-2025/031',
        mpnId: '6120451',
        fullName: 'Farid Guliyev',
        email: 'farid@sumgait-systems.example',
        phone: '+994 18 644 22 10',
        finCode: '6FG2K8P',
        countryId: az,
        region: 'Absheron',
        city: 'Sumgait',
        addressLine1: '14 Sulh street',
        postalCode: 'AZ5000',
        contactNumber: '+994 50 644 22 10',
        lang: 'az',
        createdAt: daysAgo(2),
      },
      {
        ...base,
        companyName: 'Tbilisi Licence Hub',
        voen: '2205550198',
        contractNumber: 'GE-2025/007',
        contractStartDate: '2025-06-01',
        mpnId: '7003318',
        fullName: 'Nino Beridze',
        email: 'nino@licencehub.example',
        phone: '+995 32 220 11 45',
        finCode: '2NB7Q4X',
        countryId: ge,
        region: 'Tbilisi',
        city: 'Tbilisi',
        addressLine1: '7 Rustaveli avenue',
        addressLine2: 'Floor 3',
        postalCode: '0108',
        position: 'Sales manager',
        contactNumber: '+995 599 11 45 20',
        lang: 'en',
        createdAt: daysAgo(1),
      },
      {
        ...base,
        companyName: 'Lankaran Soft',
        voen: '1709876543',
        contractNumber: 'ESD-2024/288',
        contractStartDate: '2024-11-20',
        mpnId: '5550117',
        fullName: 'Sevinj Rzayeva',
        email: 'sevinj@lankaran-soft.example',
        phone: '+994 25 255 30 30',
        finCode: '3SR9M1L',
        countryId: az,
        region: 'Lankaran',
        city: 'Lankaran',
        addressLine1: '3 Hazi Aslanov street',
        postalCode: 'AZ4200',
        contactNumber: '+994 55 255 30 30',
        lang: 'ru',
        status: 'rejected',
        rejectReason: 'The distribution contract has not been signed yet.',
        reviewedBy: gd?.id ?? null,
        reviewedAt: daysAgo(3),
        createdAt: daysAgo(6),
      },
    ])
    .onConflictDoNothing();
};
