import type { AdminTipster } from '@tips/contract/admin-tipsters.schemas';

export function TipsterPhoto({ tipster }: { tipster: Pick<AdminTipster, 'name' | 'profileImageUrl'> }) {
  if (!tipster.profileImageUrl) {
    return (
      <span
        aria-hidden="true"
        className="grid size-10 shrink-0 place-items-center rounded-full bg-pitch-700 font-bold text-gold-200"
      >
        {tipster.name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      src={tipster.profileImageUrl}
      alt=""
      className="size-10 shrink-0 rounded-full object-cover"
      loading="lazy"
    />
  );
}
