export { FormContainer, type FormContainerMode, type FormContainerProps } from './form-container';
