/** `/utilisateurs` (docs/product.md#roles): the admins' users page, with the way back. */
import { UsersPage } from '@/web/features/users/components/users-page';
import { Link } from '../navigation';

export function UsersRoute() {
  return (
    <main id="contenu" className="mx-auto flex w-full max-w-screen-lg flex-col gap-4 px-6 py-8">
      <Link to="/" className="text-sm text-primary underline-offset-4 hover:underline">
        ← Retour au budget
      </Link>
      <UsersPage />
    </main>
  );
}
