// The quiz domain as other domains see it: the TV's quiz, shown by the game's screen page.

export { QuizScreen, useQuizOnScreen } from './quiz-screen.tsx';
