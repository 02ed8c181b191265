/** All five customer stories, one at a time, rotating every 3 s and looping. */
import { Quote } from "lucide-react";
import { SlideCarousel } from "~/components/carousel/slide-carousel";
import { testimonials } from "~/content/testimonials";

export function TestimonialSlider() {
  return (
    <SlideCarousel
      label="Customer stories"
      picker="dots"
      loop
      className="mx-auto mt-12 max-w-3xl"
      slides={testimonials.map((t) => ({
        key: t.name,
        name: t.name,
        content: (
          <figure className="card mx-1 flex h-full flex-col p-6 sm:p-10">
            <Quote aria-hidden="true" className="size-8 text-brand" />
            <blockquote className="mt-4 flex-1 text-lg text-ink sm:text-xl">
              <p>{t.text}</p>
            </blockquote>
            <figcaption className="mt-6 text-sm">
              <span className="block font-bold text-ink">{t.name}</span>
              <span className="text-muted">
                {t.role}, {t.company}
              </span>
            </figcaption>
          </figure>
        ),
      }))}
    />
  );
}
