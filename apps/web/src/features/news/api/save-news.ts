import type { NewsInput, NewsSettings } from '@esd/shared/content/news.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, bodyWithPicture } from '@/lib/api-client';
import { newsKeys, newsSettingsKeys } from './news-keys';

export const NEWS_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const NEWS_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * Creates (no id) or replaces an article with its new image in one request, so a refused image
 * saves nothing; then removes the image if asked.
 */
const saveNews = async (options: {
  id?: number;
  input: NewsInput;
  image?: File | null;
  removeImage?: boolean;
}) => {
  const { id, input } = options;
  let saved = await apiRequest<NewsSettings>(id ? `/settings/news/${id}` : '/settings/news', {
    method: id ? 'PUT' : 'POST',
    body: bodyWithPicture(input, options.image),
  });
  if (!options.image && options.removeImage && saved.image_url) {
    saved = await apiRequest<NewsSettings>(`/settings/news/${saved.id}/image`, {
      method: 'DELETE',
    });
  }
  return saved;
};

const deleteNews = (id: number) =>
  apiRequest<NewsSettings>(`/settings/news/${id}`, { method: 'DELETE' });

const useInvalidateNews = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: newsSettingsKeys.all }),
      queryClient.invalidateQueries({ queryKey: newsKeys.all }),
    ]);
};

export const useSaveNews = () => {
  const invalidate = useInvalidateNews();
  return useMutation({ mutationFn: saveNews, onSettled: invalidate });
};

export const useDeleteNews = () => {
  const invalidate = useInvalidateNews();
  return useMutation({ mutationFn: deleteNews, onSuccess: invalidate });
};
