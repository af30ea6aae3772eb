import type { CategoryInput, SettingsListQuery } from '@esd/shared/catalogue/settings.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';
import * as repo from './categories.repository';

const notFound = () => new AppError('NOT_FOUND', 'This category does not exist.');
const duplicate = (slug: string) =>
  new AppError('CONFLICT', `A category with the slug "${slug}" already exists.`);

/** Product categories: names in three languages and a unique slug; one in use stays. */
export const createCategoriesService = ({ db }: { db: Db }) => {
  const one = async (id: number) => {
    const category = await repo.findCategory(db, id);
    if (!category) throw notFound();
    return category;
  };
  const save = async (work: () => Promise<number | undefined>, slug: string) => {
    try {
      const id = await work();
      if (!id) throw notFound();
      return one(id);
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(slug);
      throw error;
    }
  };

  return {
    list: (query: SettingsListQuery) => repo.findCategories(db, query),
    add: (input: CategoryInput) => save(() => repo.insertCategory(db, input), input.slug),
    update: (id: number, input: CategoryInput) =>
      save(() => repo.updateCategory(db, id, input), input.slug),

    remove: async (id: number) => {
      const category = await one(id);
      const inUse = () =>
        new AppError(
          'IN_USE',
          `${category.name.en} cannot be deleted: ${category.products_count} products belong to it.`,
        );
      if (category.products_count > 0) throw inUse();
      try {
        await repo.deleteCategory(db, id);
      } catch (error) {
        if (isForeignKeyViolation(error)) throw inUse();
        throw error;
      }
      return category;
    },
  };
};
