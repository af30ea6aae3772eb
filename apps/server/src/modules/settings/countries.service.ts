import type { CountryInput, SettingsListQuery } from '@esd/shared/catalogue/settings.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';
import * as repo from './countries.repository';

const notFound = () => new AppError('NOT_FOUND', 'This country does not exist.');
const duplicate = (code: string) =>
  new AppError('CONFLICT', `A country with the code ${code} already exists.`);

/** Countries: a unique code and names in three languages; one that users or admins have stays. */
export const createCountriesService = ({ db }: { db: Db }) => {
  const one = async (id: number) => {
    const country = await repo.findCountry(db, id);
    if (!country) throw notFound();
    return country;
  };

  return {
    list: (query: SettingsListQuery) => repo.findCountries(db, query),

    add: async (input: CountryInput) => {
      try {
        return await one(await repo.insertCountry(db, input));
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate(input.code);
        throw error;
      }
    },

    update: async (id: number, input: CountryInput) => {
      try {
        if (!(await repo.updateCountry(db, id, input))) throw notFound();
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate(input.code);
        throw error;
      }
      return one(id);
    },

    remove: async (id: number) => {
      const country = await one(id);
      const districts = await repo.countDistrictsOf(db, id);
      if (country.users_count > 0 || districts > 0) {
        throw new AppError(
          'IN_USE',
          `${country.name.en} cannot be deleted: ${country.users_count} users and ${districts} local district admins use it.`,
        );
      }
      try {
        await repo.deleteCountry(db, id);
      } catch (error) {
        // someone started using it meanwhile
        if (isForeignKeyViolation(error))
          throw new AppError('IN_USE', `${country.name.en} is in use.`);
        throw error;
      }
      return country;
    },
  };
};
