import { AiPage } from '@/features/ai/pages/ai-page';
import { QuestionPage } from '@/features/ai/pages/question-page';
import { LocationNavCard } from '@/features/locations/components/location-nav-card';
import { NamedLocationWarning } from '@/features/locations/components/named-location-warning';

/** AI Configuration with the locations' card: two areas, composed here (features never import each other). */
export function AiRoute() {
  return <AiPage more={<LocationNavCard />} />;
}

/** A topic, warned when one of its keywords is also a location's name. */
export function QuestionRoute() {
  return <QuestionPage keywordNotice={(keywords) => <NamedLocationWarning keywords={keywords} />} />;
}
